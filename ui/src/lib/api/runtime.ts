/**
 * The one place the UI talks HTTP. The generated client (generated.ts) calls `request()`; no
 * component calls fetch itself. Errors come back as ApiError with the API's `{error:{code,message}}`.
 */

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface RequestSpec extends RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: object;
  body?: unknown;
  /** Names of response headers to hand back with the body (`{data, headers}`). */
  responseHeaders?: string[];
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True for 404: the route or the resource does not exist (e.g. an endpoint of a later version). */
  get notFound(): boolean {
    return this.status === 404;
  }
}

function queryString(query: object | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Sent with every request: the service refuses state changes without it (or a JSON body), which no foreign page can forge. */
export const CLIENT_HEADERS = { accept: 'application/json', 'x-spindle-client': 'ui' } as const;

/** Told when the service answers 401 (the session ended or was never there): the app shows the login page. */
let onLoginRequired: (() => void) | null = null;
export function whenLoginRequired(listener: () => void): void {
  onLoginRequired = listener;
}

export async function request<T>(spec: RequestSpec): Promise<T> {
  let response: Response;
  try {
    response = await fetch(spec.path + queryString(spec.query), {
      method: spec.method,
      headers: spec.body === undefined ? CLIENT_HEADERS : { ...CLIENT_HEADERS, 'content-type': 'application/json' },
      body: spec.body === undefined ? null : JSON.stringify(spec.body),
      ...(spec.signal ? { signal: spec.signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'The Spindle service did not answer. Is it running?');
  }
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
    if (response.status === 401 && error?.code === 'login_required') onLoginRequired?.();
    throw new ApiError(
      response.status,
      error?.code ?? `http_${response.status}`,
      error?.message ?? `The service answered HTTP ${response.status}`,
    );
  }
  if (spec.responseHeaders) {
    const headers = Object.fromEntries(spec.responseHeaders.map((h) => [h, response.headers.get(h)]));
    return { data: body, headers } as T;
  }
  return body as T;
}

/** The message to show a person for any error a call may throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
