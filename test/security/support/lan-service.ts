/**
 * A service that treats itself as reachable from the network: bound to 0.0.0.0 and reached
 * through 127.0.0.1 (no other address is ever contacted), plus the small clients the LAN tests
 * share: the setup link from the log, cookie and token requests, and the `spindle` CLI as a
 * child process.
 */
import { runSpindle } from '../../support/cli-process.ts';
import { CLIENT_HEADERS } from '../../support/http-client.ts';
import { startTestService, type TestService, type TestServiceOptions } from '../../support/service-harness.ts';

export interface LanService {
  svc: TestService;
  /** http://127.0.0.1:<port>: how this machine reaches the 0.0.0.0-bound service. */
  base: string;
}

export async function startLanService(options: TestServiceOptions = {}): Promise<LanService> {
  const svc = await startTestService({ ...options, env: { HOST: '0.0.0.0', ...options.env } });
  return { svc, base: `http://127.0.0.1:${svc.service.port}` };
}

/** The token of the one-time setup link the service logged. */
export function setupTokenFromLog(logs: string[]): string | null {
  for (const line of logs) {
    const match = /\/login\?setup=([A-Za-z0-9_-]+)/.exec(line);
    if (match) return match[1]!;
  }
  return null;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** A request as the UI or a script sends it, with an optional session cookie or API token. */
export async function send(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; cookie?: string; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    redirect: 'manual',
    headers: {
      ...CLIENT_HEADERS,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/** `name=value` of the session cookie the answer sets (for the next request's Cookie header). */
export function sessionCookie(answer: Answer): string {
  const set = answer.headers.getSetCookie().find((c) => c.startsWith('spindle_session='));
  if (!set) throw new Error(`no session cookie in ${JSON.stringify(answer.headers.getSetCookie())}`);
  return set.split(';')[0]!;
}

/** Runs `spindle <args>` as a user would (Node + tsx), with a clean HOST/PORT/URL/TOKEN environment. */
export const runCli = (args: string[], env: Record<string, string> = {}) =>
  runSpindle(args, { env, unset: ['HOST', 'PORT', 'SPINDLE_URL', 'SPINDLE_TOKEN'] });
