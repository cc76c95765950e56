/** The options a WhisperTranscriber takes. */
import type { GpuProbe } from './machine-facts.ts';
import type { ModelSpec } from './model-spec.ts';
import type { WhisperSource } from './whisper-source.ts';

/** Test and embedding seams; the plugin itself passes none. */
export interface WhisperTranscriberOptions {
  /** The model to fetch and verify (default: the fixed small model). */
  modelSpec?: ModelSpec;
  gpuProbe?: GpuProbe;
  /** The cmake executable (default `cmake` on PATH). */
  cmake?: string;
  source?: WhisperSource;
  /** Extra whisper.cpp decoding flags for both whisper-cli and whisper-server (the benchmark bounds decoding). */
  decodeArgs?: readonly string[];
  /** How long a starting whisper-server may take to load the model (default 2 min). */
  serverStartTimeoutMs?: number;
}
