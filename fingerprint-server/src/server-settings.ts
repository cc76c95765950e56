/**
 * The server's settings, all from the environment: PORT, HOST, DATABASE_URL, and the network's
 * policy knobs. Invalid values stop startup with a message naming the variable.
 */
export interface FingerprintServerSettings {
  host: string;
  port: number;
  /** `sqlite:///abs/path.db`, `sqlite://rel.db`, a plain path, `:memory:`, or `postgres://…`. */
  databaseUrl: string;
  /** Contributions (both kinds) one pseudonym may send per rate window. */
  contributionsPerWindow: number;
  rateWindowSeconds: number;
  /** Contributions below this match confidence never count toward promotion. */
  minPromotionConfidence: number;
  /** Distinct disc releases (disc content hashes) needed before a fingerprint becomes canonical. */
  promotionReleases: number;
  /** Distinct pseudonyms, not in one burst, needed before a fingerprint becomes canonical. */
  promotionPseudonyms: number;
  /** Pseudonyms count as distinct for promotion only when their agreeing contributions are this far apart. */
  promotionSpreadSeconds: number;
  /** A pseudonym with this many screened (conflicting) contributions stops counting. */
  maxConflicts: number;
  /** Requests to the writing calls (contribute, contribute-disc, forget) the whole network takes per minute. */
  globalRequestsPerMinute: number;
  /** Bytes of new contributions the whole network stores per minute. */
  globalStoredBytesPerMinute: number;
  /** Comparison work one request may do (screening, promotion, identify), milliseconds. */
  requestBudgetMs: number;
  /** Largest accepted request body, bytes. */
  maxBodyBytes: number;
}

export const SERVER_DEFAULTS: FingerprintServerSettings = {
  host: '127.0.0.1',
  port: 8080,
  databaseUrl: 'sqlite://fingerprint-server.db',
  contributionsPerWindow: 600,
  rateWindowSeconds: 3600,
  minPromotionConfidence: 0.7,
  promotionReleases: 3,
  promotionPseudonyms: 3,
  promotionSpreadSeconds: 3600,
  maxConflicts: 3,
  globalRequestsPerMinute: 6000,
  globalStoredBytesPerMinute: 16 * 1024 * 1024,
  requestBudgetMs: 250,
  maxBodyBytes: 512 * 1024,
};

function number(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  check: (n: number) => boolean,
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || !check(value)) throw new Error(`${name} has an invalid value "${raw}"`);
  return value;
}

export function loadSettings(env: Record<string, string | undefined> = process.env): FingerprintServerSettings {
  const integer = (n: number) => Number.isInteger(n) && n >= 0;
  return {
    host: env.HOST?.trim() || SERVER_DEFAULTS.host,
    port: number(env, 'PORT', SERVER_DEFAULTS.port, (n) => integer(n) && n <= 65535),
    databaseUrl: env.DATABASE_URL?.trim() || SERVER_DEFAULTS.databaseUrl,
    contributionsPerWindow: number(
      env,
      'CONTRIBUTIONS_PER_WINDOW',
      SERVER_DEFAULTS.contributionsPerWindow,
      (n) => integer(n) && n > 0,
    ),
    rateWindowSeconds: number(
      env,
      'RATE_WINDOW_SECONDS',
      SERVER_DEFAULTS.rateWindowSeconds,
      (n) => integer(n) && n > 0,
    ),
    minPromotionConfidence: number(
      env,
      'MIN_PROMOTION_CONFIDENCE',
      SERVER_DEFAULTS.minPromotionConfidence,
      (n) => n >= 0 && n <= 1,
    ),
    promotionReleases: number(
      env,
      'PROMOTION_RELEASES',
      SERVER_DEFAULTS.promotionReleases,
      (n) => integer(n) && n >= 1,
    ),
    promotionPseudonyms: number(
      env,
      'PROMOTION_PSEUDONYMS',
      SERVER_DEFAULTS.promotionPseudonyms,
      (n) => integer(n) && n >= 1,
    ),
    promotionSpreadSeconds: number(env, 'PROMOTION_SPREAD_SECONDS', SERVER_DEFAULTS.promotionSpreadSeconds, integer),
    maxConflicts: number(env, 'MAX_CONFLICTS', SERVER_DEFAULTS.maxConflicts, (n) => integer(n) && n >= 1),
    globalRequestsPerMinute: number(
      env,
      'GLOBAL_REQUESTS_PER_MINUTE',
      SERVER_DEFAULTS.globalRequestsPerMinute,
      (n) => integer(n) && n > 0,
    ),
    globalStoredBytesPerMinute: number(
      env,
      'GLOBAL_STORED_BYTES_PER_MINUTE',
      SERVER_DEFAULTS.globalStoredBytesPerMinute,
      (n) => integer(n) && n >= 4096,
    ),
    requestBudgetMs: number(env, 'REQUEST_BUDGET_MS', SERVER_DEFAULTS.requestBudgetMs, (n) => integer(n) && n >= 10),
    maxBodyBytes: number(env, 'MAX_BODY_BYTES', SERVER_DEFAULTS.maxBodyBytes, (n) => integer(n) && n >= 1024),
  };
}
