/** The plugin's settings (the manifest's settingsSchema is their source; the core applies defaults). */
import type { JsonObject } from '@spindle/plugin-sdk';

export const DEFAULT_MODEL_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

/** Keeps the model loaded across the pause between one title's matching and the next one's. */
export const DEFAULT_RESIDENT_IDLE_SECONDS = 300;

export interface WhisperSettings {
  /** Where `ggml-small.bin` is downloaded from (`<base>/ggml-small.bin`). */
  modelBaseUrl: string;
  /** Build and use a CUDA whisper-cli when an NVIDIA GPU is present. */
  gpuEnabled: boolean;
  /** Folder of built whisper-cli binaries; null = `{data_dir}/cache/whisper-build`. */
  buildCacheDir: string | null;
  /** Threads per transcription; 0 = the physical cores shared between concurrent matches. */
  threads: number;
  /** A transcription still running after this long is stopped. */
  transcribeTimeoutSeconds: number;
  /** A resident whisper-server is stopped after this long without a chunk; 0 = whisper-cli for every chunk. */
  residentIdleSeconds: number;
}

const str = (value: unknown, fallback: string) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
const num = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** Reads the settings, falling back to the defaults the manifest declares (for hosts or tests that pass none). */
export function readWhisperSettings(raw: JsonObject | undefined): WhisperSettings {
  const s = raw ?? {};
  return {
    modelBaseUrl: str(s.model_base_url, DEFAULT_MODEL_BASE_URL).replace(/\/+$/, ''),
    gpuEnabled: s.gpu_enabled === true,
    buildCacheDir: typeof s.build_cache_dir === 'string' && s.build_cache_dir !== '' ? s.build_cache_dir : null,
    threads: Math.max(0, Math.floor(num(s.threads, 0))),
    transcribeTimeoutSeconds: Math.max(1, num(s.transcribe_timeout_seconds, 600)),
    residentIdleSeconds: Math.max(0, num(s.resident_idle_seconds, DEFAULT_RESIDENT_IDLE_SECONDS)),
  };
}
