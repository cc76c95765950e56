import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countPhysicalCores,
  gatherAsrFacts,
  nvidiaGpuDetected,
  physicalCoreCount,
} from '../../src/asr/asr-environment.ts';
import { resolveAsrStatus, resolveGpuState, type AsrFacts } from '../../src/asr/asr-status.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';
import { fakeExecutable } from '../http/fake-executables.ts';

const cpuMachine: AsrFacts = {
  platform: 'linux',
  gpuDetected: false,
  gpuEnabled: false,
  gpuRuntimeInstalled: false,
  gpuRuntimeActivity: null,
  physicalCores: 8,
  configuredMaxConcurrentMatches: 3,
};
const gpuMachine: AsrFacts = { ...cpuMachine, gpuDetected: true, gpuEnabled: true, gpuRuntimeInstalled: true };

describe('resolveAsrStatus', () => {
  it('runs the small model on CPU, sharing the physical cores between the workers', () => {
    expect(resolveAsrStatus(cpuMachine)).toEqual({
      device: 'cpu',
      compute_type: 'float16',
      model: 'small',
      workers: 3,
      cpu_threads: 2,
      max_concurrent_matches: 3,
      gpu_detected: false,
      gpu_enabled: false,
      gpu_runtime_installed: false,
      gpu_state: 'unavailable',
    });
  });

  it('clamps max_concurrent_matches to the physical cores on CPU and to 4 on GPU', () => {
    expect(resolveAsrStatus({ ...cpuMachine, physicalCores: 2, configuredMaxConcurrentMatches: 16 })).toMatchObject({
      max_concurrent_matches: 2,
      workers: 2,
      cpu_threads: 1,
    });
    expect(resolveAsrStatus({ ...cpuMachine, physicalCores: 0, configuredMaxConcurrentMatches: 5 })).toMatchObject({
      max_concurrent_matches: 1,
      cpu_threads: 1,
    });
    expect(resolveAsrStatus({ ...gpuMachine, configuredMaxConcurrentMatches: 16 })).toMatchObject({
      device: 'cuda',
      max_concurrent_matches: 4,
      workers: 4,
      cpu_threads: null,
      gpu_state: 'active',
    });
    expect(resolveAsrStatus({ ...gpuMachine, physicalCores: 2, configuredMaxConcurrentMatches: 3 })).toMatchObject({
      max_concurrent_matches: 3,
    });
  });

  it('derives every gpu_state', () => {
    expect(resolveGpuState({ ...gpuMachine, platform: 'darwin' })).toBe('unsupported_os');
    expect(resolveGpuState({ ...gpuMachine, gpuDetected: false })).toBe('unavailable');
    expect(resolveGpuState({ ...gpuMachine, gpuRuntimeActivity: 'downloading' })).toBe('downloading');
    expect(resolveGpuState({ ...gpuMachine, gpuRuntimeActivity: 'installing' })).toBe('installing');
    expect(resolveGpuState({ ...gpuMachine, gpuRuntimeInstalled: false })).toBe('available_not_installed');
    expect(resolveGpuState({ ...gpuMachine, gpuEnabled: false })).toBe('available_not_enabled');
    expect(resolveGpuState({ ...gpuMachine, platform: 'win32' })).toBe('active');
    // Only an active GPU moves the work off the CPU.
    expect(resolveAsrStatus({ ...gpuMachine, gpuEnabled: false })).toMatchObject({
      device: 'cpu',
      gpu_detected: true,
      gpu_state: 'available_not_enabled',
    });
  });
});

describe('machine facts', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'spindle-asr-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('counts physical cores from /proc/cpuinfo (hyper-threads and sockets)', () => {
    const block = (socket: number, core: number) => `processor\t: x\nphysical id\t: ${socket}\ncore id\t\t: ${core}\n`;
    const smt = [block(0, 0), block(0, 1), block(0, 0), block(0, 1)].join('\n');
    expect(countPhysicalCores(smt)).toBe(2);
    expect(countPhysicalCores([block(0, 0), block(1, 0)].join('\n'))).toBe(2);
    expect(countPhysicalCores('processor : 0\nBogoMIPS : 50\n')).toBe(0);
  });

  it('never reports more cores than this process may use', async () => {
    const cores = await physicalCoreCount();
    expect(cores).toBeGreaterThanOrEqual(1);
    expect(cores).toBeLessThanOrEqual((await import('node:os')).availableParallelism());
  });

  it('detects an NVIDIA GPU by its device node or nvidia-smi on PATH', async () => {
    const missingNode = join(root, 'nvidia0');
    expect(await nvidiaGpuDetected({ platform: 'linux', pathEnv: '', deviceNode: missingNode })).toBe(false);
    await fakeExecutable(join(root, 'bin'), 'nvidia-smi', 'GPU 0: NVIDIA GeForce RTX 3060');
    expect(await nvidiaGpuDetected({ platform: 'linux', pathEnv: join(root, 'bin'), deviceNode: missingNode })).toBe(
      true,
    );
    expect(
      await nvidiaGpuDetected({ platform: 'linux', pathEnv: '', deviceNode: join(root, 'bin', 'nvidia-smi') }),
    ).toBe(true);
  });
});

describe('GET /api/asr-status', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ config: { pipeline: EMPTY_PIPELINE, max_concurrent_matches: 64 } });
  });
  afterAll(() => t.close());

  it('answers the resolved status for this machine and the configuration', async () => {
    const res = await fetch(`${t.url}/api/asr-status`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReturnType<typeof resolveAsrStatus>;
    expect(body).toEqual(resolveAsrStatus(await gatherAsrFacts(64)));
    expect(body).toMatchObject({ model: 'small', gpu_enabled: false, gpu_runtime_installed: false });
    expect(body.max_concurrent_matches).toBeLessThanOrEqual(64);
    expect(body.max_concurrent_matches).toBe(body.device === 'cpu' ? Math.min(64, await physicalCoreCount()) : 4);
  });

  it('refuses query parameters with 400', async () => {
    expect((await fetch(`${t.url}/api/asr-status?device=cuda`)).status).toBe(400);
  });
});
