/**
 * The login's persistence: the password hash, sessions and API tokens. Each method is one short
 * unit of work. Random values (session ids, tokens) are stored only as their SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/sqlite';
import { ApiTokenEntity, AuthCredentialEntity, AuthSessionEntity, type ApiTokenRow } from './auth-entities.ts';

const PASSWORD = 'password';
const TOKEN_PREFIX = 'spindle_';
/** A token's last use is written at most this often (a busy CLI would otherwise write on every call). */
const LAST_USED_RESOLUTION_MS = 60_000;

export const digest = (value: string): string => createHash('sha256').update(value).digest('hex');
export const randomValue = (): string => randomBytes(32).toString('base64url');

export interface ApiTokenInfo {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const info = (row: ApiTokenRow): ApiTokenInfo => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt ?? null,
});

export class AuthStore {
  constructor(private readonly orm: MikroORM) {}

  async passwordHash(): Promise<string | null> {
    const row = await this.orm.em.fork().findOne(AuthCredentialEntity, { name: PASSWORD });
    return row?.hash ?? null;
  }

  /** Stores a new password hash and ends every session (a changed password logs everyone out). */
  async setPasswordHash(hash: string): Promise<void> {
    await this.orm.em.fork().transactional(async (em) => {
      await em.upsert(AuthCredentialEntity, { name: PASSWORD, hash, updatedAt: new Date() });
      await em.nativeDelete(AuthSessionEntity, {});
    });
  }

  /** A new session; returns the value for the cookie. */
  async createSession(lifetimeMs: number): Promise<string> {
    const value = randomValue();
    const now = new Date();
    const em = this.orm.em.fork();
    await em.nativeDelete(AuthSessionEntity, { expiresAt: { $lt: now } });
    em.create(AuthSessionEntity, {
      tokenHash: digest(value),
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
    });
    await em.flush();
    return value;
  }

  async sessionValid(value: string): Promise<boolean> {
    const row = await this.orm.em.fork().findOne(AuthSessionEntity, { tokenHash: digest(value) });
    return row !== null && row.expiresAt.getTime() > Date.now();
  }

  async deleteSession(value: string): Promise<void> {
    await this.orm.em.fork().nativeDelete(AuthSessionEntity, { tokenHash: digest(value) });
  }

  /** A new API token; the value is returned once and never stored. */
  async createToken(name: string): Promise<{ token: string; info: ApiTokenInfo }> {
    const token = TOKEN_PREFIX + randomValue();
    const em = this.orm.em.fork();
    const row = em.create(ApiTokenEntity, {
      name,
      prefix: token.slice(0, TOKEN_PREFIX.length + 6),
      tokenHash: digest(token),
      createdAt: new Date(),
      lastUsedAt: null,
    });
    await em.flush();
    return { token, info: info(row) };
  }

  async listTokens(): Promise<ApiTokenInfo[]> {
    return (await this.orm.em.fork().find(ApiTokenEntity, {}, { orderBy: { id: 'asc' } })).map(info);
  }

  /** Revokes a token; false when there was none with that id. */
  async deleteToken(id: number): Promise<boolean> {
    return (await this.orm.em.fork().nativeDelete(ApiTokenEntity, { id })) > 0;
  }

  /** The token's id when the value is a live token (and notes its use). */
  async useToken(value: string): Promise<number | null> {
    if (!value.startsWith(TOKEN_PREFIX)) return null;
    const em = this.orm.em.fork();
    const row = await em.findOne(ApiTokenEntity, { tokenHash: digest(value) });
    if (!row) return null;
    const now = Date.now();
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      await em.nativeUpdate(ApiTokenEntity, { id: row.id }, { lastUsedAt: new Date(now) });
    }
    return row.id;
  }
}
