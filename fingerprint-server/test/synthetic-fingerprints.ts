/**
 * Synthetic chromaprint-like fingerprints for tests and benchmarks: a random walk of single-bit
 * changes (neighbouring chromaprint items share most bits), "re-encoded" copies with a given bit
 * error rate, and shifted copies (another release with other offsets).
 */
import { encodeFingerprint, type EpisodeContributionPayload } from '@spindle/plugin-sdk';

export function rng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

export function syntheticFingerprint(seed: number, length = 1450): number[] {
  const random = rng(seed);
  let item = Math.floor(random() * 0xffffffff) >>> 0;
  return Array.from({ length }, () => {
    for (let k = 0; k < 3; k++) item = (item ^ (1 << Math.floor(random() * 32))) >>> 0;
    return item;
  });
}

/** Flips each bit with probability `ber` (≈0.03 is a re-encode). */
export function distort(items: readonly number[], ber: number, seed: number): number[] {
  const random = rng(seed);
  return items.map((item) => {
    let out = item;
    for (let bit = 0; bit < 32; bit++) if (random() < ber) out ^= 1 << bit;
    return out >>> 0;
  });
}

/** Another release: `lead` items of other audio first, the same audio after (then cut to length). */
export function shifted(items: readonly number[], lead: number, seed: number): number[] {
  return [...syntheticFingerprint(seed, lead), ...items].slice(0, items.length);
}

export const PSEUDONYMS = [
  '0b7f1c2e-1a2b-4c3d-8e9f-0123456789ab',
  '1c8f2d3e-2b3c-4d4e-9f0a-123456789abc',
  '2d9f3e4f-3c4d-4e5f-a01b-23456789abcd',
  '3ea04f50-4d5e-4f60-b12c-3456789abcde',
];

export function discHash(n: number): string {
  return Buffer.alloc(16, n).toString('base64');
}

export async function episodePayload(
  items: readonly number[],
  overrides: Partial<EpisodeContributionPayload> = {},
): Promise<EpisodeContributionPayload> {
  const encoded = await encodeFingerprint(items);
  return {
    wire_format_version: 1,
    pseudonym: PSEUDONYMS[0]!,
    catalog_id: 1399,
    season: 1,
    episode: 3,
    fingerprint_b64: encoded.fingerprintB64,
    fingerprint_sha256_b64: encoded.sha256B64,
    disc_content_hash_b64: discHash(1),
    match_confidence: 0.95,
    match_source: 'local_asr',
    client_version: '0.1.0',
    ...overrides,
  };
}
