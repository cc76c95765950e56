/**
 * Format check of a MakeMKV registration key, run by the ConfigService when `ripper_key`
 * changes. Beta keys are `T-` followed by about 66 characters of [A-Za-z0-9@_]; purchased keys
 * start with `M-`. The check only rejects values that cannot be a key (typos, pasted text);
 * whether MakeMKV accepts the key is reported by POST /api/validate/ripper.
 */
import type { ConfigService } from '../config/config-service.ts';

const KEY_CHARS = /^[A-Za-z0-9@_+/=-]+$/;

/** Null when `key` looks like a MakeMKV key (or is null: clearing the key); otherwise the problem. */
export function ripperKeyProblem(key: string | null): string | null {
  if (key === null) return null;
  if (key !== key.trim()) return 'Invalid value for "ripper_key": remove the spaces or line breaks around the key';
  const prefix = key.slice(0, 2);
  if (prefix !== 'T-' && prefix !== 'M-') {
    return 'Invalid value for "ripper_key": a MakeMKV key starts with "T-" (beta key) or "M-" (purchased key)';
  }
  const body = key.slice(2);
  if (!KEY_CHARS.test(body))
    return 'Invalid value for "ripper_key": the key contains characters MakeMKV keys never have';
  const minimum = prefix === 'T-' ? 60 : 20;
  if (body.length < minimum) {
    return `Invalid value for "ripper_key": the key is too short (${key.length} characters); copy the whole key`;
  }
  return null;
}

/** Registers the format check on the ConfigService; returns the function that removes it. */
export function registerRipperKeyValidator(config: ConfigService): () => void {
  return config.addValidator('ripper_key', (value) => ripperKeyProblem(value));
}
