/**
 * The disc content hash worked out independently of the code under test: MD5 over each stream
 * file's size as a little-endian 64-bit integer, in file order, as upper-case hex.
 */
import { createHash } from 'node:crypto';

export function contentHashOfSizes(sizes: number[]): string {
  const bytes = sizes.map((size) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(size));
    return b;
  });
  return createHash('md5').update(Buffer.concat(bytes)).digest('hex').toUpperCase();
}
