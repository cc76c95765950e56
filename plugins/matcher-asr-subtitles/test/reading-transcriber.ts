/**
 * A transcriber for unit tests that "hears" by reading: it maps the WAV chunk back to its offset
 * (from the chunk file name the matcher writes) and returns the reference dialogue spoken in that
 * window of a chosen episode, optionally with words dropped or swapped. The real recognizers are
 * tested against real audio elsewhere (test/matching-accuracy.test.ts).
 */
import type { ReferenceSubtitle, TranscribeRequest, Transcriber, Transcript } from '@spindle/plugin-sdk';

export class ReadingTranscriber implements Transcriber {
  calls = 0;
  active = 0;
  maxActive = 0;

  constructor(
    private readonly speech: (wavPath: string) => { reference: ReferenceSubtitle; offset: number } | null,
    private readonly options: { chunkSeconds?: number; delayMs?: number; garble?: (text: string) => string } = {},
  ) {}

  status() {
    return { device: 'cpu' as const, computeType: 'test', model: 'reading-transcriber', ready: true, message: null };
  }

  async transcribe(request: TranscribeRequest): Promise<Transcript> {
    this.calls++;
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      if (this.options.delayMs) await new Promise((r) => setTimeout(r, this.options.delayMs));
      request.signal.throwIfAborted();
      const heard = this.speech(request.wavPath);
      if (!heard) return { text: '', segments: [], model: 'reading-transcriber' };
      const end = heard.offset + (this.options.chunkSeconds ?? 30);
      const text = heard.reference.cues
        .filter((c) => c.end > heard.offset && c.start < end)
        .map((c) => c.text)
        .join(' ');
      return {
        text: this.options.garble ? this.options.garble(text) : text,
        segments: [],
        model: 'reading-transcriber',
      };
    } finally {
      this.active--;
    }
  }
}

/** Offset (seconds) from the matcher's chunk file name `chunk-<offset×10>.wav`. */
export function offsetOf(wavPath: string): number {
  return Number(/chunk-(\d+)\.wav$/.exec(wavPath)![1]) / 10;
}
