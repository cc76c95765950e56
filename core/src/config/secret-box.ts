/**
 * Seals credentials before they are stored (AES-256-GCM), so the database file itself — a backup, a
 * copy attached to a bug report, a database export — holds no usable secret. The key is 32 random
 * bytes in `{data_dir}/secret.key` (mode 0600), created on first use and never stored in the
 * database. A value that cannot be opened (the key file was lost) reads as unset.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const SEALED_PREFIX = 'spindle-sealed:v1:';

export class SecretBox {
  private key: Buffer | null = null;

  constructor(private readonly keyFile: string) {}

  static isSealed(value: unknown): value is string {
    return typeof value === 'string' && value.startsWith(SEALED_PREFIX);
  }

  private keyBytes(): Buffer {
    if (this.key) return this.key;
    try {
      this.key = readFileSync(this.keyFile);
    } catch {
      mkdirSync(dirname(this.keyFile), { recursive: true });
      try {
        writeFileSync(this.keyFile, randomBytes(32), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // another process made it first
      }
      this.key = readFileSync(this.keyFile);
    }
    if (this.key.length !== 32) throw new Error(`${this.keyFile} is not a Spindle secret key (expected 32 bytes)`);
    return this.key;
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.keyBytes(), iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${SEALED_PREFIX}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** The plain text of a sealed value; null when it cannot be opened with this key. */
  open(sealed: string): string | null {
    try {
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', this.keyBytes(), bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
