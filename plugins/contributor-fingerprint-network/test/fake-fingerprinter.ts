/** A deterministic Fingerprinter for unit tests: items derived from the file path and window start. */
import {
  throwIfAborted,
  type Fingerprinter,
  type FingerprintRequest,
  type FingerprintWindow,
} from '@spindle/plugin-sdk';

export class FakeFingerprinter implements Fingerprinter {
  readonly calls: FingerprintRequest[] = [];

  async fingerprint(request: FingerprintRequest): Promise<FingerprintWindow[]> {
    throwIfAborted(request.signal);
    this.calls.push(request);
    let seed = [...request.filePath].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
    return request.windowStarts.map((startSeconds) => ({
      startSeconds,
      items: Array.from({ length: 242 }, (_, i) => (seed = (seed * 1103515245 + 12345 + startSeconds + i) >>> 0)),
    }));
  }
}
