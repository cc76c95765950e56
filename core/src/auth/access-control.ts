/**
 * Who may drive Spindle. Bound to loopback (HOST 127.0.0.1, localhost, ::1) nobody needs a
 * credential, as before; bound to anything else (or with AUTH=required) every request needs a
 * session (the UI's HttpOnly cookie) or an API token (`Authorization: Bearer`), unless AUTH=none
 * says an authenticating reverse proxy does the job. With a login required and no password set,
 * a one-time setup link (printed in the log) lets the owner choose one.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { AccessSettings } from './access-settings.ts';
import { AuthStore, randomValue } from './auth-store.ts';
import { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { isLoopbackHostName } from '../http/host-allowlist.ts';

export const SESSION_COOKIE = 'spindle_session';
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
export const MIN_PASSWORD_LENGTH = 8;

export type Principal = { kind: 'open' } | { kind: 'session'; session: string } | { kind: 'token'; tokenId: number };

export type LoginOutcome =
  | { ok: true; session: string }
  | { ok: false; reason: 'wrong_password' | 'no_password' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

export interface AccessControlOptions {
  settings: AccessSettings & { host: string };
  store: AuthStore;
  throttle?: LoginThrottle;
}

function cookieValue(headers: IncomingHttpHeaders, name: string): string | null {
  for (const part of (headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || null;
  }
  return null;
}

function bearerToken(headers: IncomingHttpHeaders): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match ? match[1]! : null;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class AccessControl {
  /** HOST is not a loopback address: reachable from other machines. */
  readonly lanBound: boolean;
  /** Requests need a session or a token. */
  readonly required: boolean;
  /** AUTH=none while reachable from other machines: the log and the UI warn about it. */
  readonly disabledOnLan: boolean;
  private setupToken: string | null = null;
  private readonly store: AuthStore;
  private readonly throttle: LoginThrottle;
  private readonly envPassword: string | null;

  constructor(options: AccessControlOptions) {
    const { settings } = options;
    this.store = options.store;
    this.throttle = options.throttle ?? new LoginThrottle();
    this.envPassword = settings.password;
    this.lanBound = !isLoopbackHostName(settings.host);
    this.required = settings.auth === 'required' || (settings.auth === 'auto' && this.lanBound);
    this.disabledOnLan = settings.auth === 'none' && this.lanBound;
  }

  /**
   * Applies SPINDLE_PASSWORD (its hash replaces the stored one when it differs) and, when a login
   * is required and no password exists, makes the one-time setup token. Returns that token.
   */
  async start(): Promise<string | null> {
    if (this.envPassword !== null) {
      const stored = await this.store.passwordHash();
      if (!stored || !(await verifyPassword(this.envPassword, stored)))
        await this.store.setPasswordHash(await hashPassword(this.envPassword));
    }
    this.setupToken = this.required && !(await this.store.passwordHash()) ? randomValue() : null;
    return this.setupToken;
  }

  get setupPending(): boolean {
    return this.setupToken !== null;
  }

  async passwordSet(): Promise<boolean> {
    return (await this.store.passwordHash()) !== null;
  }

  /** The session or token the request carries, if it is valid. */
  async identify(headers: IncomingHttpHeaders): Promise<Principal | null> {
    const bearer = bearerToken(headers);
    if (bearer) {
      const tokenId = await this.store.useToken(bearer);
      if (tokenId !== null) return { kind: 'token', tokenId };
    }
    const session = cookieValue(headers, SESSION_COOKIE);
    if (session && (await this.store.sessionValid(session))) return { kind: 'session', session };
    return null;
  }

  /** The principal a request acts as, or null when a login is required and it has none. */
  async authorize(headers: IncomingHttpHeaders): Promise<Principal | null> {
    const principal = await this.identify(headers);
    if (principal) return principal;
    return this.required ? null : { kind: 'open' };
  }

  async login(password: string, clientAddress: string): Promise<LoginOutcome> {
    const wait = this.throttle.waitSeconds(clientAddress);
    if (wait > 0) return { ok: false, reason: 'throttled', retryAfterSeconds: wait };
    const hash = await this.store.passwordHash();
    if (!hash) return { ok: false, reason: 'no_password' };
    const ok = await this.throttle.attempt(clientAddress, () => verifyPassword(password, hash));
    if (ok === 'busy') return { ok: false, reason: 'throttled', retryAfterSeconds: 1 };
    if (!ok) return { ok: false, reason: 'wrong_password' };
    return { ok: true, session: await this.store.createSession(SESSION_LIFETIME_MS) };
  }

  /** Sets the first password with the setup link's token; false when the token is not the one pending. */
  async setUp(token: string, password: string): Promise<{ session: string } | null> {
    const pending = this.setupToken;
    if (pending === null || !sameText(token, pending)) return null;
    this.setupToken = null; // one time only, even if what follows fails
    await this.store.setPasswordHash(await hashPassword(password));
    return { session: await this.store.createSession(SESSION_LIFETIME_MS) };
  }

  async logout(principal: Principal | null): Promise<void> {
    if (principal?.kind === 'session') await this.store.deleteSession(principal.session);
  }

  get tokens(): AuthStore {
    return this.store;
  }
}
