import { zstdCompressSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  contentHashToBase64,
  decodeFingerprint,
  decodeVarints,
  encodeFingerprint,
  encodeVarints,
  isStandardBase64,
  sha256B64,
} from '../src/runtime/fingerprint-codec.ts';

// Hand-checked: LEB128 of 0, 1, 127, 128, 300, 2^32-1 and the chromaprint silence item 627964279.
const KNOWN_ITEMS = [0, 1, 127, 128, 300, 0xffffffff, 627964279];
const KNOWN_VARINTS = '00' + '01' + '7f' + '8001' + 'ac02' + 'ffffffff0f' + 'f7f2b7ab02';
// `printf <hex> | xxd -r -p | openssl dgst -sha256 -binary | base64`
const KNOWN_SHA256_B64 = 'mmyZb8JOuFjBQcC+qUMRVVhqtBAPm9mZM00ih6Ml4kg=';

describe('fingerprint wire codec', () => {
  it('encodes the known vector to the expected LEB128 bytes and SHA-256', async () => {
    expect(Buffer.from(encodeVarints(KNOWN_ITEMS)).toString('hex')).toBe(KNOWN_VARINTS);
    const encoded = await encodeFingerprint(KNOWN_ITEMS);
    expect(encoded.sha256B64).toBe(KNOWN_SHA256_B64);
    expect(encoded.itemCount).toBe(KNOWN_ITEMS.length);
    expect(isStandardBase64(encoded.fingerprintB64)).toBe(true);
    // A zstd frame (magic 28 b5 2f fd) that any zstd decoder reads back.
    expect(Buffer.from(encoded.fingerprintB64, 'base64').subarray(0, 4).toString('hex')).toBe('28b52ffd');
    expect(decodeFingerprint(encoded.fingerprintB64)).toEqual({ items: KNOWN_ITEMS, sha256B64: KNOWN_SHA256_B64 });
  });

  it('decodes a stream compressed by another zstd encoder (Node zlib) to the same items and hash', () => {
    const b64 = zstdCompressSync(Buffer.from(KNOWN_VARINTS, 'hex')).toString('base64');
    expect(decodeFingerprint(b64)).toEqual({ items: KNOWN_ITEMS, sha256B64: KNOWN_SHA256_B64 });
  });

  it('round-trips any list of 32-bit items', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 0xffffffff }), { maxLength: 2000 }), async (items) => {
        const encoded = await encodeFingerprint(items);
        const decoded = decodeFingerprint(encoded.fingerprintB64);
        expect(decoded.items).toEqual(items);
        expect(decoded.sha256B64).toBe(encoded.sha256B64);
        expect(decodeVarints(encodeVarints(items))).toEqual(items);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps an episode fingerprint (6 × 30 s windows ≈ 1 450 items) around 7 KB', async () => {
    // Chromaprint items of neighbouring frames share most bits; a random walk of bit flips imitates that.
    let item = 0x5a5a1234;
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 16) & 31;
    const items = Array.from({ length: 1450 }, () => (item = (item ^ (1 << rand()) ^ (1 << rand())) >>> 0));
    const { fingerprintB64 } = await encodeFingerprint(items);
    expect(fingerprintB64.length).toBeGreaterThan(4000);
    expect(fingerprintB64.length).toBeLessThan(10_000);
  });

  it('refuses malformed input with a coded error', async () => {
    await expect(encodeFingerprint([-1])).rejects.toMatchObject({ code: 'invalid_fingerprint' });
    await expect(encodeFingerprint([2 ** 32])).rejects.toMatchObject({ code: 'invalid_fingerprint' });
    expect(() => decodeFingerprint('not base64!')).toThrow(expect.objectContaining({ code: 'invalid_fingerprint' }));
    expect(() => decodeFingerprint(Buffer.from('plain bytes').toString('base64'))).toThrow(
      expect.objectContaining({ code: 'invalid_fingerprint' }),
    );
    // A truncated varint (continuation bit on the last byte) and a 6-byte varint.
    const truncated = zstdCompressSync(Buffer.from('8080', 'hex')).toString('base64');
    expect(() => decodeFingerprint(truncated)).toThrow(/truncated/);
    const tooLong = zstdCompressSync(Buffer.from('ffffffffff01', 'hex')).toString('base64');
    expect(() => decodeFingerprint(tooLong)).toThrow(/32 bits/);
  });

  it('bounds the decompressed size (a zstd bomb is refused, not inflated)', () => {
    const bomb = zstdCompressSync(Buffer.alloc(10_000_000)).toString('base64');
    expect(bomb.length).toBeLessThan(2000);
    expect(() => decodeFingerprint(bomb, 1000)).toThrow(expect.objectContaining({ code: 'invalid_fingerprint' }));
  });

  it('turns a 32-hex content hash into the standard base64 of its 16 bytes', () => {
    expect(contentHashToBase64('00112233445566778899AABBCCDDEEFF')).toBe('ABEiM0RVZneImaq7zN3u/w==');
    expect(contentHashToBase64(null)).toBeNull();
    expect(contentHashToBase64('xyz')).toBeNull();
    expect(sha256B64(new Uint8Array())).toBe('47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });
});
