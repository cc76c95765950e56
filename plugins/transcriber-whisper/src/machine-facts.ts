/** What the transcriber needs to know about the machine: an NVIDIA GPU, and physical CPU cores. */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { delimiter, join } from 'node:path';

export interface GpuProbe {
  platform?: NodeJS.Platform;
  /** Default: /dev/nvidia0 (Linux). */
  deviceNode?: string;
  pathEnv?: string;
}

/** An NVIDIA GPU: its device node (Linux) or the driver's nvidia-smi on PATH. */
export function nvidiaGpuPresent(probe: GpuProbe = {}): boolean {
  const platform = probe.platform ?? process.platform;
  if (platform === 'linux' && existsSync(probe.deviceNode ?? '/dev/nvidia0')) return true;
  const name = platform === 'win32' ? 'nvidia-smi.exe' : 'nvidia-smi';
  const dirs = (probe.pathEnv ?? process.env.PATH ?? '').split(delimiter).filter(Boolean);
  return dirs.some((dir) => existsSync(join(dir, name)));
}

/** Distinct (physical id, core id) pairs in a /proc/cpuinfo text; 0 when it lists none. */
export function countPhysicalCores(cpuinfo: string): number {
  const cores = new Set<string>();
  for (const block of cpuinfo.split(/\n\s*\n/)) {
    const core = /^core id\s*:\s*(\d+)/m.exec(block)?.[1];
    if (core === undefined) continue;
    cores.add(`${/^physical id\s*:\s*(\d+)/m.exec(block)?.[1] ?? '0'}:${core}`);
  }
  return cores.size;
}

/** Physical cores this process may use (the logical count where /proc/cpuinfo says nothing). */
export function physicalCores(): number {
  const logical = os.availableParallelism();
  let physical = 0;
  if (process.platform === 'linux') {
    try {
      physical = countPhysicalCores(readFileSync('/proc/cpuinfo', 'utf8'));
    } catch {
      physical = 0;
    }
  }
  return Math.max(1, physical > 0 ? Math.min(physical, logical) : logical);
}

/**
 * Threads for one whisper-cli run: the configured number, or the physical cores shared between
 * the titles matched at once (max_concurrent_matches, clamped to the cores as the core does).
 */
export function threadsPerTranscription(
  configured: number,
  maxConcurrentMatches: unknown,
  cores = physicalCores(),
): number {
  if (configured > 0) return configured;
  const concurrent =
    typeof maxConcurrentMatches === 'number' && maxConcurrentMatches >= 1 ? Math.floor(maxConcurrentMatches) : 1;
  return Math.max(1, Math.floor(cores / Math.min(concurrent, cores)));
}
