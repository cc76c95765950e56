/** Audio fingerprints (chromaprint through ffmpeg). */
export interface FingerprintWindow {
  startSeconds: number;
  /** 32-bit perceptual hashes (unsigned). */
  items: number[];
}

export interface FingerprintRequest {
  filePath: string;
  windowStarts: number[];
  windowSeconds: number;
  signal: AbortSignal;
}

export interface Fingerprinter {
  fingerprint(request: FingerprintRequest): Promise<FingerprintWindow[]>;
}
