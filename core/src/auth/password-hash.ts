/**
 * Passwords are stored as scrypt hashes (node:crypto): `scrypt$N$r$p$salt$key`, salt and key in
 * base64. N = 2^15, r = 8 costs about 32 MiB and a good fraction of a second per check, which is
 * what makes guessing slow; the parameters travel with the hash so they can be raised later.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: { N: number; r: number; p: number }): Promise<Buffer> {
  const params: ScryptOptions = { ...options, maxmem: 256 * options.N * options.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, params, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when the password matches the stored hash; false for a wrong password or a hash it cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (
    ![cost.N, cost.r, cost.p].every((v) => Number.isSafeInteger(v) && v > 0) ||
    cost.N > 2 ** 20 ||
    cost.r > 32 ||
    cost.p > 16
  )
    return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), cost);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
