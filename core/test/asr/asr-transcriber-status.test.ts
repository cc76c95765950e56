/** The ASR status when a transcriber is configured: its own status decides the runtime facts. */
import { describe, expect, it } from 'vitest';
import type { TranscriberStatus } from '@spindle/plugin-sdk';
import { resolveAsrStatus, type AsrFacts } from '../../src/asr/asr-status.ts';

const gpuMachine: AsrFacts = {
  platform: 'linux',
  gpuDetected: true,
  gpuEnabled: false,
  gpuRuntimeInstalled: false,
  gpuRuntimeActivity: null,
  physicalCores: 8,
  configuredMaxConcurrentMatches: 6,
};
const cpuMachine: AsrFacts = { ...gpuMachine, gpuDetected: false };

const whisper = (over: Partial<TranscriberStatus>): TranscriberStatus => ({
  device: 'cpu',
  computeType: 'float16',
  model: 'small',
  ready: true,
  message: null,
  activity: null,
  progress: null,
  gpu: { detected: true, enabled: true, runtimeInstalled: false },
  ...over,
});

describe('ASR status from the configured transcriber', () => {
  it('says installing while the transcriber builds its CUDA runtime, and what it is doing', () => {
    const status = resolveAsrStatus(
      gpuMachine,
      whisper({ ready: false, activity: 'building', progress: 0.4, message: 'compiling whisper-cli (cuda) 40%' }),
    );
    expect(status).toMatchObject({
      device: 'cpu',
      gpu_detected: true,
      gpu_enabled: true,
      gpu_runtime_installed: false,
      gpu_state: 'installing',
      ready: false,
      message: 'compiling whisper-cli (cuda) 40%',
      max_concurrent_matches: 6,
      cpu_threads: 1,
    });
  });

  it('runs on CUDA once the CUDA build is in place, at most 4 titles at once', () => {
    const status = resolveAsrStatus(
      gpuMachine,
      whisper({ device: 'cuda', gpu: { detected: true, enabled: true, runtimeInstalled: true } }),
    );
    expect(status).toMatchObject({
      device: 'cuda',
      gpu_state: 'active',
      max_concurrent_matches: 4,
      workers: 4,
      cpu_threads: null,
      ready: true,
      message: null,
    });
  });

  it('reports a GPU the user did not enable, and the CPU clamp', () => {
    const status = resolveAsrStatus(
      { ...gpuMachine, physicalCores: 2 },
      whisper({ gpu: { detected: true, enabled: false, runtimeInstalled: false } }),
    );
    expect(status).toMatchObject({
      device: 'cpu',
      gpu_enabled: false,
      gpu_state: 'available_not_installed',
      max_concurrent_matches: 2,
      cpu_threads: 1,
    });
  });

  it('takes model and precision from a CPU-only transcriber that says nothing about GPUs', () => {
    const pocketsphinx: TranscriberStatus = {
      device: 'cpu',
      computeType: 'hmm',
      model: 'pocketsphinx en-us',
      ready: true,
      message: null,
    };
    expect(resolveAsrStatus(gpuMachine, pocketsphinx)).toMatchObject({
      device: 'cpu',
      compute_type: 'hmm',
      model: 'pocketsphinx en-us',
      gpu_detected: true,
      gpu_enabled: false,
      gpu_runtime_installed: false,
      gpu_state: 'available_not_installed',
      ready: true,
    });
    expect(resolveAsrStatus(cpuMachine, pocketsphinx)).toMatchObject({ gpu_state: 'unavailable' });
  });

  it('adds ready and message only when a transcriber is configured', () => {
    expect(resolveAsrStatus(cpuMachine)).not.toHaveProperty('ready');
    expect(resolveAsrStatus(cpuMachine)).not.toHaveProperty('message');
  });
});
