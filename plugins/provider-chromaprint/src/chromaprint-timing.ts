/**
 * Chromaprint's clock: it resamples to 11 025 Hz and computes one item per 4096-sample frame with
 * a hop of 4096 − 2731 = 1365 samples, so items come ≈8.08 per second (≈242 per 30 s window).
 * Item i of a stream that starts at time T describes the audio from ≈ T + i × ITEM_SECONDS.
 */
export const CHROMAPRINT_SAMPLE_RATE = 11_025;
export const CHROMAPRINT_HOP_SAMPLES = 1365;
export const ITEM_SECONDS = CHROMAPRINT_HOP_SAMPLES / CHROMAPRINT_SAMPLE_RATE;
/** The spec's extraction format: 16 kHz mono PCM into the muxer. */
export const EXTRACT_SAMPLE_RATE = 16_000;

/** Index of the item that starts at `seconds` after the stream start. */
export function itemIndexAt(seconds: number): number {
  return Math.max(0, Math.round(seconds / ITEM_SECONDS));
}

/** Number of items that cover `seconds` of audio. */
export function itemsIn(seconds: number): number {
  return Math.max(0, Math.round(seconds / ITEM_SECONDS));
}

/** Little-endian uint32 items of `-fp_format raw` (byte-identical to `fpcalc -raw`). */
export function readRawItems(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = Math.floor(bytes.byteLength / 4);
  const items = new Array<number>(count);
  for (let i = 0; i < count; i++) items[i] = view.getUint32(i * 4, true);
  return items;
}
