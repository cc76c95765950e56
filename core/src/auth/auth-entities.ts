/**
 * What a login needs to persist: the password's scrypt hash (`auth_credential`, one row per
 * credential name), the UI's sessions and the API tokens. Sessions and tokens are stored as the
 * SHA-256 of the random value handed out, never the value itself: a copy of the database logs
 * nobody in.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const AuthCredentialEntity = defineEntity({
  name: 'AuthCredential',
  tableName: 'auth_credential',
  properties: {
    name: p.text().primary(),
    hash: p.text(),
    updatedAt: p.datetime(),
  },
});

export const AuthSessionEntity = defineEntity({
  name: 'AuthSession',
  tableName: 'auth_session',
  properties: {
    tokenHash: p.text().primary(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});

export const ApiTokenEntity = defineEntity({
  name: 'ApiToken',
  tableName: 'api_token',
  uniques: [{ name: 'api_token_token_hash_unique', properties: ['tokenHash'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.text(),
    /** The first characters of the token, shown so a person can tell tokens apart. */
    prefix: p.text(),
    tokenHash: p.text(),
    createdAt: p.datetime(),
    lastUsedAt: p.datetime().nullable(),
  },
});

export type ApiTokenRow = InferEntity<typeof ApiTokenEntity>;

export const AUTH_ENTITIES = [AuthCredentialEntity, AuthSessionEntity, ApiTokenEntity];
