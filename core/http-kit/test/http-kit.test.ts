/**
 * The shared HTTP kit on a real Koa server over real sockets: the error body for each kind of
 * failure, the JSON 404/405, and the body reader's limit (declared and streamed), type and parse checks.
 */
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMiddleware, HttpError, jsonNotFound, readJsonBody } from '../src/index.ts';

const serverErrors: { path: string; status: number; error: unknown }[] = [];
let server: Server;
let base = '';

class CodedError extends Error {
  constructor(
    readonly code: string,
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

beforeAll(async () => {
  const app = new Koa();
  app.silent = true;
  app.use(
    errorMiddleware({
      internalMessage: 'Internal error; see the log',
      onServerError: (ctx, error, status) => serverErrors.push({ path: ctx.path, status, error }),
    }),
  );
  app.use(jsonNotFound());
  app.use(async (ctx, next) => {
    switch (ctx.path) {
      case '/http-error':
        throw new HttpError(429, 'rate_limited', 'Too many', { 'Retry-After': '7' });
      case '/coded/not_found':
        throw new CodedError('no_job', 'not_found', 'No job 9');
      case '/coded/conflict':
        throw new CodedError('busy', 'conflict', 'Job is running');
      case '/coded/failure':
        throw new CodedError('disk', 'failure', 'Disk went away');
      case '/koa-4xx':
        return ctx.throw(400, 'bad header');
      case '/crash':
        throw new Error('secret internal detail');
      case '/body':
        ctx.body = { got: (await readJsonBody(ctx, { maxBytes: 64 })) ?? null };
        return;
      case '/any-type':
        ctx.body = { got: (await readJsonBody(ctx, { maxBytes: 64, requireJsonType: false })) ?? null };
        return;
      case '/get-only':
        if (ctx.method === 'GET') ctx.body = { ok: true };
        else ctx.status = 405;
        return;
      default:
        return next();
    }
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(base + path, init);
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { error?: { code: string; message: string }; got?: unknown },
  };
}

const post = (path: string, body: string, type = 'application/json'): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': type },
  body,
});

describe('error body', () => {
  it('sends an HttpError with its status, code, message and headers', async () => {
    const res = await call('/http-error');
    expect(res).toMatchObject({ status: 429, body: { error: { code: 'rate_limited', message: 'Too many' } } });
    expect(res.headers.get('retry-after')).toBe('7');
  });

  it('maps a business error by its kind and keeps its code and message; only a 5xx reaches the server log', async () => {
    expect(await call('/coded/not_found')).toMatchObject({
      status: 404,
      body: { error: { code: 'no_job', message: 'No job 9' } },
    });
    expect(await call('/coded/conflict')).toMatchObject({ status: 409, body: { error: { code: 'busy' } } });
    expect(serverErrors.some((e) => e.path.startsWith('/coded/not') || e.path === '/coded/conflict')).toBe(false);
    expect(await call('/coded/failure')).toMatchObject({
      status: 500,
      body: { error: { code: 'disk', message: 'Disk went away' } },
    });
    expect(serverErrors.some((e) => e.path === '/coded/failure' && e.status === 500)).toBe(true);
  });

  it('answers a 4xx thrown by Koa as bad_request and an unexpected error as a 500 whose detail stays in the log', async () => {
    expect(await call('/koa-4xx')).toMatchObject({
      status: 400,
      body: { error: { code: 'bad_request', message: 'bad header' } },
    });
    const crash = await call('/crash');
    expect(crash).toMatchObject({
      status: 500,
      body: { error: { code: 'internal_error', message: 'Internal error; see the log' } },
    });
    expect(JSON.stringify(crash.body)).not.toContain('secret internal detail');
    expect(
      serverErrors.some((e) => e.path === '/crash' && (e.error as Error).message === 'secret internal detail'),
    ).toBe(true);
  });

  it('answers what no route answered with a JSON 404, a wrong method with a JSON 405', async () => {
    expect(await call('/nowhere')).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found', message: 'No route GET /nowhere' } },
    });
    expect(await call('/get-only', { method: 'DELETE' })).toMatchObject({
      status: 405,
      body: { error: { code: 'method_not_allowed' } },
    });
  });
});

describe('readJsonBody', () => {
  it('reads JSON, and an empty body as nothing', async () => {
    expect(await call('/body', post('/body', '{"a":[1,2]}'))).toMatchObject({
      status: 200,
      body: { got: { a: [1, 2] } },
    });
    expect(await call('/body', { method: 'POST' })).toMatchObject({ status: 200, body: { got: null } });
  });

  it('refuses malformed JSON with 400 and a body not sent as JSON with 415 unless the server takes any type', async () => {
    expect(await call('/body', post('/body', '{"a":'))).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_json' } },
    });
    expect(await call('/body', post('/body', '{"a":1}', 'text/plain'))).toMatchObject({
      status: 415,
      body: { error: { code: 'unsupported_content_type' } },
    });
    expect(await call('/any-type', post('/any-type', '{"a":1}', 'text/plain'))).toMatchObject({
      status: 200,
      body: { got: { a: 1 } },
    });
  });

  it('answers a declared Content-Length over the limit with 413 body_too_large and closes the connection', async () => {
    const res = await call('/body', post('/body', JSON.stringify({ a: 'x'.repeat(100) })));
    expect(res).toMatchObject({
      status: 413,
      body: { error: { code: 'body_too_large', message: 'The request body is larger than 64 bytes' } },
    });
    expect(res.headers.get('connection')).toBe('close');
  });

  it('answers a streamed body (no Content-Length) that grows past the limit with 413', async () => {
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${base}/body`,
        { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('{"a":"');
      for (let i = 0; i < 10; i++) req.write('x'.repeat(20));
      req.end('"}');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'body_too_large' } });
  });
});
