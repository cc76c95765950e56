import { ConflictError, InputError, NotFoundError, type Logger } from '@spindle/plugin-sdk';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../../src/events/event-bus.ts';
import { ClientGateway } from '../../src/http/client-gateway.ts';
import { createHttpApp } from '../../src/http/create-http-app.ts';
import { defineRoute, idParams } from '../../src/http/route-spec.ts';

const logged: string[] = [];
const logger: Logger = { debug() {}, info() {}, warn() {}, error: (m) => void logged.push(m) };
let server: Server;
let base: string;
let gateway: ClientGateway;

beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'spindle-ui-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Spindle UI</title>');
  await writeFile(join(dist, 'assets', 'app.js'), 'console.log(1)');
  gateway = new ClientGateway(new EventBus(), logger);
  const routes = [
    defineRoute<{ id: number }>({
      method: 'get',
      path: '/api/things/:id',
      tag: 't',
      summary: 's',
      params: idParams,
      handler: ({ params }) => {
        if (params.id === 404) throw new NotFoundError('thing_not_found', 'Thing 404 does not exist');
        if (params.id === 409) throw new ConflictError('thing_busy', 'Thing 409 is busy');
        if (params.id === 500) throw new Error('secret internal detail');
        return { id: params.id };
      },
    }),
    defineRoute<Record<string, never>, { page?: number }>({
      method: 'get',
      path: '/api/list',
      tag: 't',
      summary: 's',
      query: { type: 'object', additionalProperties: false, properties: { page: { type: 'integer', minimum: 1 } } },
      handler: ({ query }) => ({ page: query.page ?? 1 }),
    }),
    defineRoute<Record<string, never>, Record<string, never>, { name: string }>({
      method: 'post',
      path: '/api/things',
      tag: 't',
      summary: 's',
      status: 201,
      body: {
        type: 'object',
        required: ['name'],
        additionalProperties: false,
        properties: { name: { type: 'string', minLength: 1 } },
      },
      handler: ({ body }) => {
        if (body.name === 'bad') throw new InputError('bad_name', "field 'name' may not be 'bad'");
        return { name: body.name };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/debug-thing',
      tag: 't',
      summary: 's',
      debugOnly: true,
      handler: () => ({ ok: true }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/local-thing',
      tag: 't',
      summary: 's',
      loopbackOnly: true,
      handler: () => ({ ok: true }),
    }),
  ];
  const app = createHttpApp({
    routes,
    gateway,
    uiDist: dist,
    debug: false,
    logger,
    isLoopback: (ctx) => ctx.get('x-test-peer') !== 'remote',
  });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  gateway.close();
  await new Promise((r) => server.close(r));
});

async function call(path: string, init: RequestInit = {}) {
  // Every Spindle client sends the client header (the request guard refuses state changes without it).
  const res = await fetch(base + path, {
    ...init,
    headers: { 'x-spindle-client': 'test', ...(init.headers as Record<string, string> | undefined) },
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return {
    status: res.status,
    body: body as { error?: { code: string; message: string } } & Record<string, unknown>,
    type: res.headers.get('content-type'),
  };
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('error contract', () => {
  it('maps business errors to 404 and 409 with the one error body', async () => {
    expect(await call('/api/things/404')).toMatchObject({
      status: 404,
      body: { error: { code: 'thing_not_found', message: 'Thing 404 does not exist' } },
    });
    expect(await call('/api/things/409')).toMatchObject({ status: 409, body: { error: { code: 'thing_busy' } } });
  });

  it('answers bad path parameters, query strings and bodies with 400 naming the field', async () => {
    expect(await call('/api/things/abc')).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_request', message: "path parameter 'id' must be integer" } },
    });
    expect(await call('/api/things/0')).toMatchObject({ status: 400 });
    expect(await call('/api/list?page=0')).toMatchObject({
      status: 400,
      body: { error: { message: "query parameter 'page' must be >= 1" } },
    });
    expect(await call('/api/list?page=2')).toMatchObject({ status: 200, body: { page: 2 } });
    expect(await call('/api/list?page=1&page=2')).toMatchObject({ status: 400 });
    expect(await call('/api/list?colour=red')).toMatchObject({
      status: 400,
      body: { error: { message: "Unknown query parameter 'colour'" } },
    });
    expect(await call('/api/things', json({}))).toMatchObject({
      status: 400,
      body: { error: { message: "Missing field 'name'" } },
    });
    expect(await call('/api/things', json({ name: 'x', extra: 1 }))).toMatchObject({
      status: 400,
      body: { error: { message: "Unknown field 'extra'" } },
    });
    expect(await call('/api/things', json({ name: 5 }))).toMatchObject({
      status: 400,
      body: { error: { message: "field 'name' must be string" } },
    });
    expect(await call('/api/things', json({ name: 'bad' }))).toMatchObject({
      status: 400,
      body: { error: { code: 'bad_name' } },
    });
    expect(await call('/api/things', json({ name: 'ok' }))).toMatchObject({ status: 201, body: { name: 'ok' } });
  });

  it('answers malformed and oversized JSON with 400 and 413, never 500', async () => {
    expect(
      await call('/api/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":' }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_json' } },
    });
    expect(
      await call('/api/things', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'name=x' }),
    ).toMatchObject({ status: 415, body: { error: { code: 'unsupported_content_type' } } });
    expect(
      await call('/api/things', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x'.repeat(2_000_000) }),
      }),
    ).toMatchObject({
      status: 413,
      body: { error: { code: 'body_too_large' } },
    });
  });

  it('hides unexpected errors behind a 500 and logs the detail', async () => {
    const res = await call('/api/things/500');
    expect(res).toMatchObject({ status: 500, body: { error: { code: 'internal_error' } } });
    expect(JSON.stringify(res.body)).not.toContain('secret internal detail');
    expect(logged.some((l) => l.includes('crashed'))).toBe(true);
  });

  it('answers unknown API routes with a JSON 404 and wrong methods with 405', async () => {
    expect(await call('/api/nothing-here')).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(await call('/api/list', { method: 'DELETE' })).toMatchObject({
      status: 405,
      body: { error: { code: 'method_not_allowed' } },
    });
  });

  it('hides DEBUG-only routes (404) when DEBUG is off and guards loopback-only routes (403)', async () => {
    expect(await call('/api/debug-thing', { method: 'POST' })).toMatchObject({ status: 404 });
    expect(await call('/api/local-thing')).toMatchObject({ status: 200 });
    expect(await call('/api/local-thing', { headers: { 'x-test-peer': 'remote' } })).toMatchObject({
      status: 403,
      body: { error: { code: 'forbidden' } },
    });
  });

  it('serves the built UI with an index.html fallback for client routes, but 404 for missing assets', async () => {
    const root = await call('/');
    expect(root.status).toBe(200);
    expect(String(root.body)).toContain('Spindle UI');
    expect((await call('/jobs/12')).body).toContain('Spindle UI');
    expect(await call('/assets/app.js')).toMatchObject({ status: 200 });
    expect((await call('/assets/missing.js')).status).toBe(404);
    expect((await call('/../../etc/passwd')).status).not.toBe(500);
  });
});
