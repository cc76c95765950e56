/** Post-rip re-encoding (ffmpeg): one title file in, one verified file out. */
import type { ProgressUpdate } from '../context.ts';

export interface TranscodeRequest {
  /** The ripped MKV. Never modified or deleted by the transcoder. */
  input: string;
  /**
   * Where the result goes. The transcoder writes it there only once it is complete and verified
   * (partial output lives under another name and is removed on failure or abort).
   */
  output: string;
  /** Progress of this one file: `fraction` 0–1, `speed` ×realtime, `etaSeconds`. */
  onProgress?: (update: ProgressUpdate) => void;
  signal: AbortSignal;
}

/** What the transcoder checked before answering: the output is as long as the input and has its streams. */
export interface TranscodeVerification {
  inputDurationSeconds: number;
  outputDurationSeconds: number;
  /** Streams of each type in the input and in the output (video counts exclude cover pictures). */
  streams: {
    input: { video: number; audio: number; subtitle: number };
    output: { video: number; audio: number; subtitle: number };
  };
  chapters: { input: number; output: number };
}

export interface TranscodeResult {
  /** Equals the request's `output`. */
  output: string;
  sizeBytes: number;
  /** The encoder used, e.g. `libx265`, `hevc_nvenc`. */
  encoder: string;
  /** Media seconds per wall-clock second over the whole encode. */
  speed: number;
  verification: TranscodeVerification;
}

export interface TranscoderStatus {
  /** False when the transcoder cannot run as set up (the core then skips transcoding and says so). */
  ready: boolean;
  /** What it will do, e.g. "H.265 CRF 22 (libx265)"; or why it is not ready. */
  description: string;
}

/**
 * Re-encodes one file. Resolves only when the output is complete and verified; rejects with a
 * coded SpindleError (e.g. `transcode_failed`, `transcode_verification_failed`) otherwise, and
 * with an AbortedError when `signal` fires. It never touches the input.
 */
export interface Transcoder {
  transcode(request: TranscodeRequest): Promise<TranscodeResult>;
  status(): TranscoderStatus;
}
