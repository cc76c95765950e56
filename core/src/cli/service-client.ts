/**
 * The client commands' link to a running service: which URL (--url, else SPINDLE_URL, else the run
 * file a running service left in the data folder, else HOST and PORT from the environment or the
 * `.env` file the service reads, else http://127.0.0.1:8000), JSON requests with the API's error body turned into a CliError, and
 * "not running" told apart from "refused".
 */
import { homedir } from 'node:os';
import { readRunFile, type RunFileState } from '../app/run-file.ts';
import { resolveDataDir } from '../config/data-dir.ts';
import { readDotenvFile } from '../config/dotenv-file.ts';
import { CliError, EXIT } from './exit-codes.ts';

export const DEFAULT_URL = 'http://127.0.0.1:8000';
const REQUEST_TIMEOUT_MS = 15_000;

/** The address a client can reach when the service listens on HOST (a wildcard means this machine). */
function clientHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** The run file of the data folder the service would use (SPINDLE_DATA_DIR from the environment or .env, else the default). */
export function runFileFor(env: NodeJS.ProcessEnv, cwd: string): RunFileState {
  let dotenv: Record<string, string> = {};
  try {
    dotenv = readDotenvFile(cwd);
  } catch {
    // the service's business
  }
  const pick = (name: string) => env[name]?.trim() || dotenv[name]?.trim() || undefined;
  const dataDir = resolveDataDir({
    platform: process.platform,
    homedir: homedir(),
    cwd,
    env: { SPINDLE_DATA_DIR: pick('SPINDLE_DATA_DIR'), XDG_DATA_HOME: pick('XDG_DATA_HOME'), APPDATA: pick('APPDATA') },
  });
  return readRunFile(dataDir);
}

/** A running service's URL from its run file, when one is given and its process is alive. */
export function resolveBaseUrl(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
  cwd: string,
  runFile: RunFileState = { state: 'none' },
): string {
  const explicit = flag ?? env.SPINDLE_URL;
  if (explicit) {
    let url: URL;
    try {
      url = new URL(explicit);
    } catch {
      throw new CliError(EXIT.USAGE, `--url "${explicit}" is not a URL; use e.g. http://127.0.0.1:8000`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new CliError(EXIT.USAGE, `--url must be an http:// or https:// URL, got "${explicit}"`);
    return url.origin;
  }
  if (runFile.state === 'running') return new URL(runFile.info.url).origin;
  let dotenv: Record<string, string> = {};
  try {
    dotenv = readDotenvFile(cwd);
  } catch {
    // An unreadable .env is the service's business; the client falls back to the defaults.
  }
  const host = env.HOST ?? dotenv.HOST;
  const port = env.PORT ?? dotenv.PORT;
  if (host === undefined && port === undefined) return DEFAULT_URL;
  return `http://${clientHost(host ?? '127.0.0.1')}:${port ?? '8000'}`;
}

export interface ApiAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

function unavailable(baseUrl: string, error: unknown, hint: string): CliError {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  let why = (error as Error).message;
  if ((error as Error).name === 'TimeoutError') why = `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  else if (cause?.code === 'ECONNREFUSED') why = 'connection refused';
  else if (typeof cause?.code === 'string') why = cause.code;
  else if (typeof cause?.message === 'string') why = cause.message;
  return new CliError(
    EXIT.UNAVAILABLE,
    `Spindle is not running at ${baseUrl} (${why}).\nStart it with "spindle serve", or point --url (or SPINDLE_URL) at a running service.${hint}`,
  );
}

/** The header every Spindle client sends (the service refuses state changes without it or a JSON body). */
export const CLIENT_HEADER = 'x-spindle-client';

/** The API token: --token, else SPINDLE_TOKEN (needed when the service requires a login). */
export function resolveToken(flag: string | undefined, env: NodeJS.ProcessEnv): string | null {
  const token = (flag ?? env.SPINDLE_TOKEN)?.trim();
  return token ? token : null;
}

export class ServiceClient {
  constructor(
    readonly baseUrl: string,
    readonly token: string | null = null,
    /** Added to "not running" (e.g. that a stale run file was found). */
    readonly hint: string = '',
  ) {}

  /** Headers of every request and of the WebSocket upgrade. */
  get headers(): Record<string, string> {
    return {
      accept: 'application/json',
      [CLIENT_HEADER]: 'cli',
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
    };
  }

  get wsUrl(): string {
    return `${this.baseUrl.replace(/^http/, 'ws')}/ws`;
  }

  async request<T = unknown>(method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
    let response: Response;
    try {
      response = await fetch(this.baseUrl + path, {
        method,
        headers: body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw unavailable(this.baseUrl, error, this.hint);
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      throw new CliError(
        EXIT.SERVICE_ERROR,
        `${this.baseUrl} answered ${method} ${path} with something that is not Spindle's API (HTTP ${response.status}); is --url right?`,
      );
    }
    if (!response.ok) {
      const error = (parsed as { error?: { code?: unknown; message?: unknown } } | null)?.error;
      const message = typeof error?.message === 'string' ? error.message : `HTTP ${response.status}`;
      const code = typeof error?.code === 'string' ? ` (${error.code})` : '';
      if (response.status === 401) {
        throw new CliError(
          EXIT.REFUSED,
          `Spindle at ${this.baseUrl} requires a login: create an API token in Settings and pass it with --token (or SPINDLE_TOKEN)${this.token ? '; the token given was not accepted (revoked?)' : ''}`,
        );
      }
      if (response.status >= 500)
        throw new CliError(EXIT.SERVICE_ERROR, `Spindle failed: ${message}${code}; its log says more`);
      throw new CliError(EXIT.REFUSED, `Spindle refused: ${message}${code}`);
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
}

/** The client of a command's `--url` and `--token` (else SPINDLE_URL/run file/HOST/PORT and SPINDLE_TOKEN). */
export function clientFor(options: Record<string, string>, io: { env: NodeJS.ProcessEnv; cwd: string }): ServiceClient {
  const runFile = options.url || io.env.SPINDLE_URL ? ({ state: 'none' } as const) : runFileFor(io.env, io.cwd);
  const hint =
    runFile.state === 'stale'
      ? `\n(${runFile.path} is left from a run that did not stop cleanly${runFile.info.pid ? ` (process ${runFile.info.pid} is gone)` : ''}; it is ignored, and replaced at the next start.)`
      : '';
  return new ServiceClient(
    resolveBaseUrl(options.url, io.env, io.cwd, runFile),
    resolveToken(options.token, io.env),
    hint,
  );
}
