/**
 * What a fingerprint must look like before the network stores or compares it. The client's
 * derivation (the contributor plugin's window plan: six contiguous 30-second windows, chromaprint
 * at ≈ 8 items per second) gives ≈ 1 450 items; MAX_FINGERPRINT_ITEMS leaves room for another
 * fingerprinter's rate and bounds decoding (the zstd frame may inflate to at most 5 bytes per item),
 * so a zstd bomb or a huge list is refused while still compressed. A degenerate fingerprint —
 * silence, or mostly one value — identifies nothing and is refused too.
 */
import { decodeFingerprint } from '@spindle/plugin-sdk';
import { HttpError } from '@spindle/http-kit';
import { SILENCE_ITEM } from './fingerprint-compare.ts';

/** ≈ 10 s of audio: anything shorter cannot identify an episode. */
export const MIN_FINGERPRINT_ITEMS = 80;
/** ≈ 4 minutes of chromaprint items: the six-window plan (≈ 1 450) with room to spare. */
export const MAX_FINGERPRINT_ITEMS = 2048;
/** Refused when one value (silence included) makes up more than this share of the items… */
export const MAX_ONE_VALUE_SHARE = 0.3;
/** …or when fewer than this share of the items are distinct. */
export const MIN_DISTINCT_SHARE = 0.1;

export interface FingerprintShape {
  items: number[];
  sha256B64: string;
}

/** Decodes a fingerprint within MAX_FINGERPRINT_ITEMS (a longer one is an invalid_fingerprint 400). */
export function decodeBounded(fingerprintB64: string): FingerprintShape {
  return decodeFingerprint(fingerprintB64, MAX_FINGERPRINT_ITEMS);
}

/** Why the items cannot be a useful fingerprint, or null when they can. */
export function degenerateReason(items: readonly number[]): string | null {
  const counts = new Map<number, number>();
  let top = 0;
  let silence = 0;
  for (const item of items) {
    const n = (counts.get(item) ?? 0) + 1;
    counts.set(item, n);
    if (n > top) top = n;
    if (item === SILENCE_ITEM) silence++;
  }
  if (items.length === 0) return 'it is empty';
  if (silence / items.length > MAX_ONE_VALUE_SHARE) return 'it is mostly silence';
  if (top / items.length > MAX_ONE_VALUE_SHARE) return 'it is mostly one repeated value';
  if (counts.size / items.length < MIN_DISTINCT_SHARE) return 'it has too few distinct values';
  return null;
}

/** Throws the 400 a contribution's fingerprint earns when it is too short or degenerate. */
export function checkContributedItems(items: readonly number[]): void {
  if (items.length < MIN_FINGERPRINT_ITEMS)
    throw new HttpError(400, 'fingerprint_too_short', `A fingerprint needs at least ${MIN_FINGERPRINT_ITEMS} items`);
  const reason = degenerateReason(items);
  if (reason) throw new HttpError(400, 'degenerate_fingerprint', `The fingerprint cannot identify anything: ${reason}`);
}
