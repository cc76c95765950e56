/**
 * A small JSON client for API tests: returns status and parsed body, never throws on 4xx/5xx.
 * Sends the client header every Spindle client sends (and an API token or session cookie when given).
 */
export const CLIENT_HEADERS = { 'x-spindle-client': 'test' } as const;

export interface ApiResponse<T = any> {
  status: number;
  body: T;
}

export function apiClient(base: string, auth: { token?: string; cookie?: string } = {}) {
  const credentials = {
    ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
    ...(auth.cookie ? { cookie: auth.cookie } : {}),
  };
  const call = async <T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> => {
    const res = await fetch(base + path, {
      method,
      headers: {
        ...CLIENT_HEADERS,
        ...credentials,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // keep text
    }
    return { status: res.status, body: parsed as T };
  };
  return {
    get: <T = any>(path: string) => call<T>('GET', path),
    post: <T = any>(path: string, body?: unknown) => call<T>('POST', path, body),
    put: <T = any>(path: string, body?: unknown) => call<T>('PUT', path, body),
    patch: <T = any>(path: string, body?: unknown) => call<T>('PATCH', path, body),
    del: <T = any>(path: string) => call<T>('DELETE', path),
    call,
  };
}

/** Polls until the predicate holds (or fails after the timeout). */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T = await read();
  while (!ok(last)) {
    if (Date.now() > until)
      throw new Error(`condition not met within ${timeoutMs} ms; last value ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 25));
    last = await read();
  }
  return last;
}
