/**
 * What kind of credential `catalog_api_key` holds. TMDB's Read Access Token is a long JWT
 * ("eyJ…"); the short v3 API key (32 hex characters) goes in a query parameter instead and is the
 * wrong kind here, so it is reported rather than sent.
 */
import { createHash } from 'node:crypto';

export type Credential = { kind: 'none' } | { kind: 'v3_key' } | { kind: 'token'; token: string; fingerprint: string };

const V3_KEY = /^[0-9a-f]{32}$/i;

export function credentialOf(value: unknown): Credential {
  if (typeof value !== 'string' || value.trim() === '') return { kind: 'none' };
  const token = value.trim();
  if (V3_KEY.test(token)) return { kind: 'v3_key' };
  // Only a digest is kept to notice a changed token; the token itself never leaves this module's callers.
  return { kind: 'token', token, fingerprint: createHash('sha256').update(token).digest('hex') };
}

export const NOT_CONFIGURED =
  'catalog not configured: enter your TMDB Read Access Token under Settings → Identification';
export const WRONG_KIND =
  'catalog degraded: the TMDB key entered looks like a short v3 API key; TMDB lookups need the Read Access Token (the long "eyJ…" token on the TMDB API settings page)';
