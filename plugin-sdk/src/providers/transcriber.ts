/** Speech recognition (whisper.cpp, pocketsphinx). */
export interface TranscribeRequest {
  /** 16 kHz mono WAV file. */
  wavPath: string;
  language: string;
  signal: AbortSignal;
  /**
   * Text the speech is expected to come from (e.g. every candidate episode's subtitles of a
   * season). A recognizer may bias towards its vocabulary (whisper: a prompt; pocketsphinx: a
   * language model built from it). `id` identifies the text for caching; optional.
   */
  context?: { id: string; text: string };
}

export interface TranscriptSegment {
  startSeconds: number;
  endSeconds: number;
  text: string;
}

export interface Transcript {
  text: string;
  segments: TranscriptSegment[];
  model: string;
}

export interface TranscriberStatus {
  device: 'cpu' | 'cuda';
  computeType: string;
  model: string;
  ready: boolean;
  message: string | null;
  /**
   * What the transcriber is preparing right now, if anything: building its runtime (e.g. compiling
   * whisper-cli) or downloading its model. Optional (SDK 1.x hosts and transcribers may omit it).
   */
  activity?: 'building' | 'downloading' | null;
  /** 0–1 progress of `activity`, or null when unknown. */
  progress?: number | null;
  /**
   * GPU facts for the ASR status: an NVIDIA GPU is present, the user enabled GPU use for this
   * transcriber, and its GPU runtime (e.g. a CUDA build) is installed. Omitted by CPU-only transcribers.
   */
  gpu?: { detected: boolean; enabled: boolean; runtimeInstalled: boolean };
}

export interface Transcriber {
  transcribe(request: TranscribeRequest): Promise<Transcript>;
  status(): TranscriberStatus;
}
