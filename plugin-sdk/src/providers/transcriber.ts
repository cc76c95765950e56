/** Speech recognition (whisper.cpp, pocketsphinx). */
export interface TranscribeRequest {
  /** 16 kHz mono WAV file. */
  wavPath: string;
  language: string;
  signal: AbortSignal;
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
}

export interface Transcriber {
  transcribe(request: TranscribeRequest): Promise<Transcript>;
  status(): TranscriberStatus;
}
