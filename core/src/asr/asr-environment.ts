/**
 * Gathers the machine facts resolveAsrStatus needs: physical CPU cores and whether an NVIDIA GPU
 * is present. The GPU setting and the GPU runtime belong to the configured transcriber (its
 * status() fills them in); without one the runtime is reported as not installed and GPU
 * acceleration as not enabled.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { findOnPath } from '../tools/tool-locations.ts';
import { runTool } from '../tools/tool-runner.ts';
import type { AsrFacts } from './asr-status.ts';

/** Distinct (physical id, core id) pairs of a /proc/cpuinfo text; 0 when it lists none (some ARM kernels). */
export function countPhysicalCores(cpuinfo: string): number {
  const cores = new Set<string>();
  for (const block of cpuinfo.split(/\n\s*\n/)) {
    const core = /^core id\s*:\s*(\d+)/m.exec(block)?.[1];
    if (core === undefined) continue;
    const socket = /^physical id\s*:\s*(\d+)/m.exec(block)?.[1] ?? '0';
    cores.add(`${socket}:${core}`);
  }
  return cores.size;
}

/**
 * Physical cores this process may use: /proc/cpuinfo on Linux, `sysctl hw.physicalcpu` on macOS,
 * else the logical count — never more than os.availableParallelism() (CPU affinity and limits).
 */
export async function physicalCoreCount(platform: NodeJS.Platform = process.platform): Promise<number> {
  const logical = os.availableParallelism();
  let physical = 0;
  if (platform === 'linux') {
    physical = countPhysicalCores(await readFile('/proc/cpuinfo', 'utf8').catch(() => ''));
  } else if (platform === 'darwin') {
    const run = await runTool('/usr/sbin/sysctl', ['-n', 'hw.physicalcpu'], 3_000);
    physical = run.ran ? Number.parseInt(run.stdout.trim(), 10) || 0 : 0;
  }
  return Math.max(1, physical > 0 ? Math.min(physical, logical) : logical);
}

export interface GpuProbeOptions {
  platform?: NodeJS.Platform;
  pathEnv?: string;
  /** Default: /dev/nvidia0 (Linux). */
  deviceNode?: string;
}

/** An NVIDIA GPU: its device node (Linux) or the driver's nvidia-smi on PATH. */
export async function nvidiaGpuDetected(options: GpuProbeOptions = {}): Promise<boolean> {
  const platform = options.platform ?? process.platform;
  if (platform === 'linux' && existsSync(options.deviceNode ?? '/dev/nvidia0')) return true;
  const names = platform === 'win32' ? ['nvidia-smi.exe'] : ['nvidia-smi'];
  return (
    (await findOnPath(names, { platform, ...(options.pathEnv !== undefined ? { pathEnv: options.pathEnv } : {}) })) !==
    null
  );
}

export async function gatherAsrFacts(
  configuredMaxConcurrentMatches: number,
  options: GpuProbeOptions = {},
): Promise<AsrFacts> {
  const platform = options.platform ?? process.platform;
  const [physicalCores, gpuDetected] = await Promise.all([physicalCoreCount(platform), nvidiaGpuDetected(options)]);
  return {
    platform,
    gpuDetected,
    gpuEnabled: false,
    gpuRuntimeInstalled: false,
    gpuRuntimeActivity: null,
    physicalCores,
    configuredMaxConcurrentMatches,
  };
}
