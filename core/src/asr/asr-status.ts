/**
 * The resolved speech-recognition runtime (the spec's ASR status object), as a pure function of
 * facts about the machine and the configuration.
 *
 * The transcriber is whisper.cpp with the fixed `small` model (ggml-small.bin, 466 MiB — the
 * spec's "mid-size model of about 465 MB"). That file holds float16 weights and whisper.cpp runs
 * it as is on both CPU and CUDA (F16 weights, F32 accumulation), so compute_type is `float16`;
 * a quantized model would be another file. Each title being matched runs one transcription, so
 * `workers` equals the effective max_concurrent_matches, and on CPU the physical cores are shared
 * between those workers (`cpu_threads` each). On CUDA the GPU does the work: cpu_threads is null.
 *
 * When a transcriber is configured (`pipeline.providers.transcriber`), its own status() decides
 * device, compute_type and model, and adds `ready` and `message`; its GPU facts (the user's GPU
 * setting, whether its CUDA build exists, whether it is building one) feed gpu_state.
 */
import type { TranscriberStatus } from '@spindle/plugin-sdk';

export type AsrDevice = 'cpu' | 'cuda';
export type GpuState =
  | 'active'
  | 'available_not_enabled'
  | 'available_not_installed'
  | 'downloading'
  | 'installing'
  | 'unsupported_os'
  | 'unavailable';

export interface AsrStatus {
  device: AsrDevice;
  compute_type: string;
  model: string;
  workers: number;
  cpu_threads: number | null;
  max_concurrent_matches: number;
  gpu_detected: boolean;
  gpu_enabled: boolean;
  gpu_runtime_installed: boolean;
  gpu_state: GpuState;
  /** Only with a configured transcriber: it can transcribe now (runtime built, model present). */
  ready?: boolean;
  /** Only with a configured transcriber: what it is doing or what is wrong, or null. */
  message?: string | null;
}

export interface AsrFacts {
  platform: NodeJS.Platform;
  /** An NVIDIA GPU is present (device node or nvidia-smi). */
  gpuDetected: boolean;
  /** The user turned GPU acceleration on. */
  gpuEnabled: boolean;
  /** The CUDA build of the transcriber is installed. */
  gpuRuntimeInstalled: boolean;
  /** A CUDA runtime download or installation in progress, if any. */
  gpuRuntimeActivity: 'downloading' | 'installing' | null;
  /** Physical CPU cores usable by this process (at least 1). */
  physicalCores: number;
  /** AppConfig max_concurrent_matches. */
  configuredMaxConcurrentMatches: number;
}

export const ASR_MODEL = 'small';
export const ASR_COMPUTE_TYPE = 'float16';
/** The spec's limit on GPU: at most 4 titles matched at once. */
export const GPU_MAX_CONCURRENT_MATCHES = 4;
/** CUDA builds of whisper.cpp exist for Linux and Windows only. */
export const CUDA_PLATFORMS: readonly NodeJS.Platform[] = ['linux', 'win32'];

export function resolveGpuState(facts: AsrFacts): GpuState {
  if (!CUDA_PLATFORMS.includes(facts.platform)) return 'unsupported_os';
  if (!facts.gpuDetected) return 'unavailable';
  if (facts.gpuRuntimeActivity) return facts.gpuRuntimeActivity;
  if (!facts.gpuRuntimeInstalled) return 'available_not_installed';
  if (!facts.gpuEnabled) return 'available_not_enabled';
  return 'active';
}

const clamp = (value: number, max: number) => Math.max(1, Math.min(Math.floor(value), Math.max(1, Math.floor(max))));

/** The machine facts as the configured transcriber knows them (GPU setting, CUDA build, building now). */
export function factsWithTranscriber(facts: AsrFacts, transcriber: TranscriberStatus): AsrFacts {
  const gpu = transcriber.gpu;
  const gpuDetected = gpu?.detected ?? facts.gpuDetected;
  return {
    ...facts,
    gpuDetected,
    gpuEnabled: gpu?.enabled ?? false,
    gpuRuntimeInstalled: gpu?.runtimeInstalled ?? false,
    gpuRuntimeActivity: transcriber.activity === 'building' && gpuDetected && gpu?.enabled ? 'installing' : null,
  };
}

export function resolveAsrStatus(machine: AsrFacts, transcriber: TranscriberStatus | null = null): AsrStatus {
  const facts = transcriber ? factsWithTranscriber(machine, transcriber) : machine;
  const gpuState = resolveGpuState(facts);
  const device: AsrDevice = transcriber ? transcriber.device : gpuState === 'active' ? 'cuda' : 'cpu';
  const cores = Math.max(1, Math.floor(facts.physicalCores));
  const maxConcurrent = clamp(
    facts.configuredMaxConcurrentMatches,
    device === 'cuda' ? GPU_MAX_CONCURRENT_MATCHES : cores,
  );
  return {
    device,
    compute_type: transcriber?.computeType ?? ASR_COMPUTE_TYPE,
    model: transcriber?.model ?? ASR_MODEL,
    workers: maxConcurrent,
    cpu_threads: device === 'cpu' ? Math.max(1, Math.floor(cores / maxConcurrent)) : null,
    max_concurrent_matches: maxConcurrent,
    gpu_detected: facts.gpuDetected,
    gpu_enabled: facts.gpuEnabled,
    gpu_runtime_installed: facts.gpuRuntimeInstalled,
    gpu_state: gpuState,
    ...(transcriber ? { ready: transcriber.ready, message: transcriber.message } : {}),
  };
}
