/**
 * Is an MKV whole? A Matroska file starts with its EBML header and then the Segment element, whose
 * size MakeMKV records when it finishes the file: a file shorter than that Segment was cut short
 * (a full disk, a dying drive, a crash of makemkvcon after it said "saved"). No tool is needed.
 * A Segment of unknown size (a file still being written live) cannot be checked and passes.
 */
import { open } from 'node:fs/promises';

const EBML_ID = 0x1a45dfa3;
const SEGMENT_ID = 0x18538067;

/** An EBML variable-length integer at `at`: its length in bytes and value (null when all value bits are set: "unknown"). */
function readVint(buffer: Buffer, at: number, keepMarker: boolean): { length: number; value: number | null } | null {
  if (at >= buffer.length) return null;
  const first = buffer[at]!;
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > buffer.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + buffer[at + i]!;
    if (buffer[at + i] !== 0xff) allOnes = false;
  }
  return { length, value: !keepMarker && allOnes ? null : value };
}

export interface Truncation {
  actual: number;
  expected: number;
}

/** Null when the file is a whole MKV (or cannot be judged); otherwise how long it is and should be. */
export async function mkvTruncation(path: string): Promise<Truncation | null> {
  const handle = await open(path, 'r');
  try {
    const actual = (await handle.stat()).size;
    const buffer = Buffer.alloc(Math.min(actual, 4096));
    await handle.read(buffer, 0, buffer.length, 0);
    const id = readVint(buffer, 0, true);
    if (!id || id.value !== EBML_ID) return null; // not Matroska: not ours to judge
    const headerSize = readVint(buffer, id.length, false);
    if (!headerSize || headerSize.value === null) return { actual, expected: actual + 1 };
    const segmentAt = id.length + headerSize.length + headerSize.value;
    const segment = readVint(buffer, segmentAt, true);
    const segmentSize = segment ? readVint(buffer, segmentAt + segment.length, false) : null;
    if (!segment || !segmentSize) return segmentAt + 12 > actual ? { actual, expected: segmentAt + 12 } : null;
    if (segment.value !== SEGMENT_ID || segmentSize.value === null) return null;
    const expected = segmentAt + segment.length + segmentSize.length + segmentSize.value;
    return actual < expected ? { actual, expected } : null;
  } finally {
    await handle.close();
  }
}
