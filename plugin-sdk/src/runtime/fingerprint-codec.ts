/// <reference path="../types/zstd-codec.d.ts" />
/**
 * The fingerprint network's wire codec (wire_format_version 1), shared by the contributor plugin,
 * the core and the reference server:
 *   items (32-bit unsigned perceptual hashes)
 *   → LEB128 unsigned varints (7 bits per byte, low bits first, high bit = "more bytes follow")
 *   → one zstd frame at level 11 (zstd-codec's `Simple` API)
 *   → standard base64 (`fingerprint_b64`).
 * `fingerprint_sha256_b64` is the standard base64 of SHA-256 over the *uncompressed* varint bytes,
 * so two encoders that compress differently still agree on it (exact-duplicate detection).
 * Decoding uses Node's built-in zstd with a bound on the output size, so a hostile payload cannot
 * inflate without limit.
 */
import { createHash } from 'node:crypto';
import { zstdDecompressSync } from 'node:zlib';
import zstdCodec, { type ZstdSimple } from 'zstd-codec';
import { InputError } from '../errors.ts';

export const FINGERPRINT_ZSTD_LEVEL = 11;
/** More than any episode needs (≈1 500 items); bounds decoding. */
export const MAX_FINGERPRINT_ITEMS = 100_000;
const MAX_VARINT_BYTES = 5;

export interface EncodedFingerprint {
  /** Standard base64 of the zstd-compressed varint stream. */
  fingerprintB64: string;
  /** Standard base64 of SHA-256 of the uncompressed varint stream. */
  sha256B64: string;
  /** Number of items encoded. */
  itemCount: number;
}

let simple: Promise<ZstdSimple> | null = null;

function zstd(): Promise<ZstdSimple> {
  simple ??= new Promise((resolve) => zstdCodec.ZstdCodec.run((binding) => resolve(new binding.Simple())));
  return simple;
}

function invalid(message: string): InputError {
  return new InputError('invalid_fingerprint', message);
}

/** LEB128 unsigned varints of 32-bit unsigned items. */
export function encodeVarints(items: readonly number[]): Uint8Array {
  const out = new Uint8Array(items.length * MAX_VARINT_BYTES);
  let at = 0;
  for (const item of items) {
    if (!Number.isInteger(item) || item < 0 || item > 0xffffffff)
      throw invalid(`fingerprint item ${item} is not a 32-bit unsigned integer`);
    let v = item;
    while (v >= 0x80) {
      out[at++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    out[at++] = v;
  }
  return out.slice(0, at);
}

/** Inverse of encodeVarints; rejects truncated streams and values above 32 bits. */
export function decodeVarints(bytes: Uint8Array, maxItems = MAX_FINGERPRINT_ITEMS): number[] {
  const items: number[] = [];
  let value = 0;
  let scale = 1;
  let length = 0;
  for (const byte of bytes) {
    value += (byte & 0x7f) * scale;
    scale *= 0x80;
    length += 1;
    if (length > MAX_VARINT_BYTES || value > 0xffffffff) throw invalid('fingerprint varint is longer than 32 bits');
    if (byte & 0x80) continue;
    if (items.length >= maxItems) throw invalid(`fingerprint has more than ${maxItems} items`);
    items.push(value);
    value = 0;
    scale = 1;
    length = 0;
  }
  if (length !== 0) throw invalid('fingerprint varint stream is truncated');
  return items;
}

export function sha256B64(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/** items → `fingerprint_b64` and `fingerprint_sha256_b64`. */
export async function encodeFingerprint(items: readonly number[]): Promise<EncodedFingerprint> {
  const varints = encodeVarints(items);
  const compressed = (await zstd()).compress(varints, FINGERPRINT_ZSTD_LEVEL);
  if (!compressed) throw new InputError('fingerprint_compress_failed', 'zstd could not compress the fingerprint');
  return {
    fingerprintB64: Buffer.from(compressed).toString('base64'),
    sha256B64: sha256B64(varints),
    itemCount: items.length,
  };
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** True for canonical standard base64 (padding included, no URL-safe alphabet, no whitespace). */
export function isStandardBase64(text: string): boolean {
  return BASE64.test(text);
}

export interface DecodedFingerprint {
  items: number[];
  /** Base64 SHA-256 of the varint bytes, to compare with `fingerprint_sha256_b64`. */
  sha256B64: string;
}

/** `fingerprint_b64` → items; throws InputError (code invalid_fingerprint) for anything malformed. */
export function decodeFingerprint(fingerprintB64: string, maxItems = MAX_FINGERPRINT_ITEMS): DecodedFingerprint {
  if (typeof fingerprintB64 !== 'string' || fingerprintB64.length === 0 || !isStandardBase64(fingerprintB64)) {
    throw invalid('fingerprint_b64 is not standard base64');
  }
  let varints: Uint8Array;
  try {
    varints = zstdDecompressSync(Buffer.from(fingerprintB64, 'base64'), {
      maxOutputLength: maxItems * MAX_VARINT_BYTES,
    });
  } catch (cause) {
    throw new InputError('invalid_fingerprint', 'fingerprint_b64 is not a zstd frame of a bounded size', { cause });
  }
  const items = decodeVarints(varints, maxItems);
  return { items, sha256B64: sha256B64(varints) };
}

/** Standard base64 of the 16 MD5 bytes of a content hash (32 hex characters); null when absent. */
export function contentHashToBase64(contentHash: string | null | undefined): string | null {
  if (!contentHash || !/^[0-9a-fA-F]{32}$/.test(contentHash)) return null;
  return Buffer.from(contentHash, 'hex').toString('base64');
}
