import { describe, expect, it } from 'vitest';
import {
  bestAlignment,
  bitErrorRate,
  bytesToItems,
  indexTerms,
  itemsToBytes,
  popcount32,
  SILENCE_ITEM,
  TERM_SAMPLING_MASK,
} from '../src/identify/fingerprint-compare.ts';
import { distort, shifted, syntheticFingerprint } from './synthetic-fingerprints.ts';

describe('fingerprint comparison', () => {
  it('counts bits', () => {
    expect([0, 1, 0xff, 0xffffffff, 0x80000001].map(popcount32)).toEqual([0, 1, 8, 32, 2]);
  });

  it('finds the offset of a shifted, re-encoded copy and scores it near 1 − BER', () => {
    const original = syntheticFingerprint(1);
    const copy = distort(shifted(original, 160, 99), 0.04, 7); // 20 s of other audio first
    const alignment = bestAlignment(copy, original)!;
    expect(alignment.offset).toBe(-160);
    expect(alignment.score).toBeGreaterThan(0.93);
    expect(alignment.overlap).toBe(original.length - 160);
  });

  it('scores unrelated fingerprints around 0.5', () => {
    const a = syntheticFingerprint(1);
    const b = syntheticFingerprint(2);
    expect(bitErrorRate(a, b, 0).ber).toBeGreaterThan(0.4);
    expect(bestAlignment(a, b, { bruteForceRange: 50 })?.score ?? 0).toBeLessThan(0.62);
  });

  it('indexes a content-defined sample of top-28-bit terms and never the silence item', () => {
    const items = [...syntheticFingerprint(3), ...Array(50).fill(SILENCE_ITEM)];
    const terms = indexTerms(items);
    expect(terms.length).toBeGreaterThan(40);
    expect(terms.length).toBeLessThan(200);
    expect(terms.every((t) => (t & TERM_SAMPLING_MASK) === 0)).toBe(true);
    expect(terms).not.toContain(SILENCE_ITEM >>> 4);
    // The same audio later in a stream yields the same terms (offset-independent sampling).
    expect(new Set(indexTerms(items.slice(100)))).toEqual(
      new Set(indexTerms(items).filter((t) => items.slice(100).some((i) => i >>> 4 === t))),
    );
  });

  it('stores items as little-endian bytes', () => {
    const items = [0, 1, 0xdeadbeef, SILENCE_ITEM];
    expect(itemsToBytes(items).subarray(8, 12).toString('hex')).toBe('efbeadde');
    expect([...bytesToItems(itemsToBytes(items))]).toEqual(items);
  });
});
