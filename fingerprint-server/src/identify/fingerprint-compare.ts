/**
 * Comparing chromaprint fingerprints the way AcoustID does: find the alignment offset by voting
 * over item pairs whose top 28 bits agree (an index term → positions, then a histogram of
 * offsets), then score = 1 − bit error rate over the overlap (popcount(a XOR b) / 32 per item).
 * Unrelated audio scores ≈ 0.5; the same audio re-encoded ≈ 0.95.
 *
 * The cost is bounded and near-linear: a term that occurs more than MAX_POSITIONS_PER_TERM times in
 * the reference says nothing about the offset and casts no votes, so one comparison costs at most
 * query.length × MAX_POSITIONS_PER_TERM votes plus `candidates` overlap scans — never N², however
 * repetitive the input (a body of N identical items used to cost N²).
 */

/** The item chromaprint gives for digital silence; it says nothing about the audio. */
export const SILENCE_ITEM = 627964279;
/** Index terms are the top 28 bits of an item. */
export const TERM_SHIFT = 4;
/** Only terms with these low bits zero go into the index (1 in 16): content-defined, so offsets do not matter. */
export const TERM_SAMPLING_MASK = 0xf;

/** The distinct sampled terms of a fingerprint, as stored in (and looked up from) the index. */
export function indexTerms(items: ArrayLike<number>): number[] {
  const terms = new Set<number>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    const term = item >>> TERM_SHIFT;
    if (item !== SILENCE_ITEM && (term & TERM_SAMPLING_MASK) === 0) terms.add(term);
  }
  return [...terms];
}

export function popcount32(value: number): number {
  let x = value - ((value >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Bit error rate of `query[i]` against `ref[i + offset]` over their overlap. */
export function bitErrorRate(
  query: ArrayLike<number>,
  ref: ArrayLike<number>,
  offset: number,
): { ber: number; overlap: number } {
  const from = Math.max(0, -offset);
  const to = Math.min(query.length, ref.length - offset);
  let bits = 0;
  for (let i = from; i < to; i++) bits += popcount32((query[i]! ^ ref[i + offset]!) >>> 0);
  const overlap = Math.max(0, to - from);
  return { ber: overlap === 0 ? 1 : bits / (32 * overlap), overlap };
}

export interface Alignment {
  score: number;
  /** ref index = query index + offset. */
  offset: number;
  overlap: number;
}

/** A term seen more often than this in one fingerprint casts no votes (a repeated item carries no offset). */
export const MAX_POSITIONS_PER_TERM = 8;

/** The brute-force fallback never scans more offsets than ±this. */
export const MAX_BRUTE_FORCE_RANGE = 64;

export interface AlignOptions {
  /** Fewest overlapping items a score may rest on (default 60 ≈ 7 s). */
  minOverlap?: number;
  /** Offsets tried, best voted first (default 4). */
  candidates?: number;
  /** When no item pair agrees, search every offset within ±this many items (0 = give up). */
  bruteForceRange?: number;
  /** Filled in when given: how many item pairs voted (the comparison's cost). */
  stats?: { votes: number };
}

/** One fingerprint's index term → positions (a term past MAX_POSITIONS_PER_TERM is marked too frequent). */
export interface IndexedFingerprint {
  items: ArrayLike<number>;
  positions: Map<number, number[]>;
}

/** Indexes a fingerprint once, to align it with many others (identify, screening, promotion). */
export function indexFingerprint(items: ArrayLike<number>): IndexedFingerprint {
  const positions = new Map<number, number[]>();
  for (let i = 0; i < items.length; i++) {
    if (items[i] === SILENCE_ITEM) continue;
    const term = items[i]! >>> TERM_SHIFT;
    const list = positions.get(term);
    if (!list) positions.set(term, [i]);
    else if (list.length <= MAX_POSITIONS_PER_TERM) list.push(i); // one past the cap marks it as too frequent
  }
  return { items, positions };
}

/** The best alignment of two fingerprints, or null when they do not overlap enough. */
export function bestAlignment(
  query: ArrayLike<number> | IndexedFingerprint,
  ref: ArrayLike<number>,
  options: AlignOptions = {},
): Alignment | null {
  const indexed = 'positions' in query ? query : indexFingerprint(query);
  const items = indexed.items;
  const minOverlap = Math.min(options.minOverlap ?? 60, Math.floor(Math.min(items.length, ref.length) / 2));
  // A histogram of offsets (ref index − query index), shifted by items.length to be ≥ 0.
  const votes = new Int32Array(items.length + ref.length + 1);
  let cast = 0;
  for (let j = 0; j < ref.length; j++) {
    if (ref[j] === SILENCE_ITEM) continue;
    const list = indexed.positions.get(ref[j]! >>> TERM_SHIFT);
    if (!list || list.length > MAX_POSITIONS_PER_TERM) continue;
    for (const i of list) votes[j - i + items.length]!++;
    cast += list.length;
  }
  if (options.stats) options.stats.votes = cast;
  let offsets = topOffsets(votes, options.candidates ?? 4).map((k) => k - items.length);
  if (offsets.length === 0 && (options.bruteForceRange ?? 0) > 0) {
    const range = Math.min(options.bruteForceRange!, MAX_BRUTE_FORCE_RANGE);
    offsets = Array.from({ length: 2 * range + 1 }, (_, k) => k - range);
  }
  let best: Alignment | null = null;
  for (const offset of offsets) {
    const { ber, overlap } = bitErrorRate(items, ref, offset);
    if (overlap < Math.max(1, minOverlap)) continue;
    if (!best || 1 - ber > best.score) best = { score: 1 - ber, offset, overlap };
  }
  return best;
}

/** The indexes of the `count` largest non-zero histogram bins, largest first (one linear pass). */
function topOffsets(votes: Int32Array, count: number): number[] {
  const top: number[] = [];
  for (let k = 0; k < votes.length; k++) {
    const v = votes[k]!;
    if (v === 0 || (top.length === count && v <= votes[top[count - 1]!]!)) continue;
    let at = top.length === count ? count - 1 : top.length;
    top[at] = k;
    while (at > 0 && votes[top[at - 1]!]! < v) {
      top[at] = top[at - 1]!;
      top[at - 1] = k;
      at--;
    }
  }
  return top;
}

/** Items as little-endian uint32 bytes (the stored form) and back. */
export function itemsToBytes(items: ArrayLike<number>): Buffer {
  const bytes = Buffer.alloc(items.length * 4);
  for (let i = 0; i < items.length; i++) bytes.writeUInt32LE(items[i]! >>> 0, i * 4);
  return bytes;
}

export function bytesToItems(bytes: Uint8Array): Uint32Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Uint32Array(copy.buffer, 0, Math.floor(copy.byteLength / 4));
}
