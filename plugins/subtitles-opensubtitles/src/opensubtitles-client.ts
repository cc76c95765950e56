/**
 * Calls to the OpenSubtitles REST API v1: `Api-Key` and `User-Agent` on every call, an optional
 * login (POST /login → token + base_url, then `Authorization: Bearer` on that base URL, logged in
 * again once when the token is refused), and every failure turned into a coded SubtitleError that
 * says what to do. The API key, password and token never appear in a message or log line.
 */
import { SubtitleError } from '@spindle/plugin-sdk';
import { describeUrl, exchange, type Answer, type ExchangeDeps } from './http-exchange.ts';
import type { OpenSubtitlesSettings } from './opensubtitles-settings.ts';
import { quotaExhaustedError } from './quota-tracker.ts';

export interface ClientDeps extends ExchangeDeps {
  settings: OpenSubtitlesSettings;
  userAgent: string;
}

interface Session {
  token: string;
  baseUrl: string;
}

const SETTINGS = 'the subtitles-opensubtitles plugin settings';
const QUOTA_TEXT = /download limit|allowed \d+ subtitles|downloaded your allowed/i;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The base URL to use after login: OpenSubtitles answers a host name (e.g. `vip-api.opensubtitles.com`), or a URL. */
export function sessionBaseUrl(configured: string, returned: unknown): string {
  if (typeof returned !== 'string' || returned.trim() === '') return configured;
  const value = returned.trim();
  try {
    if (/^https?:\/\//i.test(value)) {
      const url = new URL(value);
      return url.pathname === '/'
        ? `${url.origin}${new URL(configured).pathname}`.replace(/\/+$/, '')
        : value.replace(/\/+$/, '');
    }
    const url = new URL(configured);
    url.host = value.split('/')[0]!;
    return url.toString().replace(/\/+$/, '');
  } catch {
    return configured;
  }
}

/** The reset time of a spent quota: `reset_time_utc`, or the "(2022-04-09 12:52:16 UTC)" in the message. */
function resetTimeOf(body: unknown): string | null {
  if (!isObject(body)) return null;
  if (typeof body.reset_time_utc === 'string' && body.reset_time_utc !== '') return body.reset_time_utc;
  const inMessage =
    typeof body.message === 'string' ? /\((\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}) UTC\)/.exec(body.message) : null;
  return inMessage ? `${inMessage[1]!.replace(' ', 'T')}Z` : null;
}

export function isQuotaAnswer(status: number, body: unknown): boolean {
  if (status === 406) return true;
  if (!isObject(body) || typeof body.link === 'string') return false;
  return (
    (typeof body.remaining === 'number' && body.remaining < 0) ||
    (typeof body.message === 'string' && QUOTA_TEXT.test(body.message))
  );
}

export class OpenSubtitlesClient {
  private session: Session | null = null;
  private loggingIn: Promise<Session> | null = null;

  constructor(private readonly deps: ClientDeps) {}

  /** Removes every secret from a text that may reach a message or a log. */
  redact(text: string): string {
    let out = text;
    for (const secret of [this.deps.settings.api_key, this.deps.settings.password, this.session?.token ?? '']) {
      if (secret.length >= 4) out = out.split(secret).join('***');
    }
    return out;
  }

  private serverMessage(body: unknown, text: string): string {
    const fromBody = isObject(body)
      ? [body.message, body.status_message, Array.isArray(body.errors) ? body.errors.join('; ') : undefined].find(
          (m) => typeof m === 'string' && m !== '',
        )
      : undefined;
    return this.redact(String(fromBody ?? text.trim() ?? '').slice(0, 200)) || 'no details';
  }

  private headers(withBody: boolean, session: Session | null): Record<string, string> {
    if (this.deps.settings.api_key === '') {
      throw new SubtitleError('subtitle_not_configured', `OpenSubtitles needs an API key: set api_key in ${SETTINGS}.`);
    }
    return {
      'Api-Key': this.deps.settings.api_key,
      'User-Agent': this.deps.userAgent,
      Accept: 'application/json',
      ...(withBody ? { 'Content-Type': 'application/json' } : {}),
      ...(session ? { Authorization: `Bearer ${session.token}` } : {}),
    };
  }

  /** GET (with sorted query parameters, as OpenSubtitles asks) or POST a JSON body; the parsed answer. */
  async call(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string | number> | null,
    body: Json | null,
    signal: AbortSignal,
  ): Promise<unknown> {
    const query = params
      ? new URLSearchParams(
          Object.entries(params)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, v]): [string, string] => [k, String(v)]),
        ).toString()
      : '';
    for (let relogin = 0; ; relogin++) {
      const session = await this.currentSession(signal);
      const url = `${session?.baseUrl ?? this.deps.settings.base_url}${path}${query ? `?${query}` : ''}`;
      this.deps.logger.debug('OpenSubtitles request', { method, path, query });
      const init = {
        method,
        headers: this.headers(body !== null, session),
        ...(body ? { body: JSON.stringify(body) } : {}),
      };
      const answer = await exchange(this.deps, url, init, signal);
      if ((answer.status === 401 || answer.status === 403) && session && relogin === 0) {
        this.deps.logger.info('OpenSubtitles refused the login token; logging in again');
        this.session = null;
        continue;
      }
      return this.interpret(answer, path);
    }
  }

  private interpret(answer: Answer, path: string): unknown {
    const body = parseJson(answer.text);
    const { status } = answer;
    if (status === 401 || status === 403) {
      throw new SubtitleError(
        'subtitle_auth_failed',
        `OpenSubtitles refused the API key (HTTP ${status}: ${this.serverMessage(body, answer.text)}); check api_key in ${SETTINGS}.`,
      );
    }
    if (isQuotaAnswer(status, body)) throw quotaExhaustedError(resetTimeOf(body));
    if (status >= 500) {
      throw new SubtitleError(
        'subtitle_service_unavailable',
        `OpenSubtitles answered HTTP ${status} for ${path}; try again later`,
        { retryable: true },
      );
    }
    if (status < 200 || status >= 300) {
      throw new SubtitleError(
        'subtitle_request_failed',
        `OpenSubtitles answered HTTP ${status} for ${path}: ${this.serverMessage(body, answer.text)}`,
      );
    }
    if (body === undefined) {
      throw new SubtitleError('subtitle_bad_response', `OpenSubtitles answered ${path} with malformed JSON`, {
        retryable: true,
      });
    }
    return body;
  }

  private async currentSession(signal: AbortSignal): Promise<Session | null> {
    const { username, password } = this.deps.settings;
    if (username === '' || password === '') return null;
    if (this.session) return this.session;
    this.loggingIn ??= this.login(signal).finally(() => {
      this.loggingIn = null;
    });
    return await this.loggingIn;
  }

  private async login(signal: AbortSignal): Promise<Session> {
    const { settings, logger } = this.deps;
    const url = `${settings.base_url}/login`;
    const init = {
      method: 'POST',
      headers: this.headers(true, null),
      body: JSON.stringify({ username: settings.username, password: settings.password }),
    };
    const answer = await exchange(this.deps, url, init, signal);
    if (answer.status === 401 || answer.status === 403) {
      const detail = this.serverMessage(parseJson(answer.text), answer.text);
      throw new SubtitleError(
        'subtitle_auth_failed',
        `OpenSubtitles refused the login (HTTP ${answer.status}: ${detail}); check username and password in ${SETTINGS}, or clear them to use the API key alone.`,
      );
    }
    const body = this.interpret(answer, '/login');
    if (!isObject(body) || typeof body.token !== 'string' || body.token === '') {
      throw new SubtitleError('subtitle_bad_response', 'OpenSubtitles answered /login without a token', {
        retryable: true,
      });
    }
    this.session = { token: body.token, baseUrl: sessionBaseUrl(settings.base_url, body.base_url) };
    const user = isObject(body.user) ? body.user : {};
    logger.info('logged in to OpenSubtitles', {
      api: describeUrl(this.session.baseUrl),
      allowedDownloads: user.allowed_downloads ?? null,
    });
    return this.session;
  }

  /** Downloads a temporary link from POST /download (no credentials go to that host). */
  async fetchFile(link: string, signal: AbortSignal): Promise<Uint8Array> {
    if (!/^https?:\/\//i.test(link)) {
      throw new SubtitleError('subtitle_bad_response', 'OpenSubtitles answered /download with an invalid link', {
        retryable: true,
      });
    }
    const answer = await exchange(this.deps, link, { headers: { 'User-Agent': this.deps.userAgent } }, signal);
    if (answer.status < 200 || answer.status >= 300) {
      throw new SubtitleError(
        'subtitle_download_failed',
        `The OpenSubtitles download link failed (HTTP ${answer.status} from ${describeUrl(link)}); try again later`,
        { retryable: true },
      );
    }
    return answer.bytes;
  }
}
