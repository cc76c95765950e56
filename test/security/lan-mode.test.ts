/**
 * Bound to a network address (0.0.0.0, reached through 127.0.0.1), Spindle asks for a login:
 * the first password through the one-time setup link from the log, then every route, /ws and
 * the UI answer 401 without a session or token; login and logout; the session cookie opens the
 * WebSocket; wrong passwords are slowed down per client address; API tokens are created, used
 * (also by the real CLI, REST and WebSocket) and revoked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/http-client.ts';
import { EMPTY_PIPELINE } from '../support/service-harness.ts';
import { openWs, rawRequest } from './support/attack-kit.ts';
import {
  runCli,
  send,
  sessionCookie,
  setupTokenFromLog,
  startLanService,
  type LanService,
} from './support/lan-service.ts';

const PASSWORD = 'correct horse battery';
const OPEN_ROUTES = new Set([
  'GET /api/health',
  'GET /api/auth/status',
  'POST /api/auth/login',
  'POST /api/auth/setup',
]);

let lan: LanService;
let cookie: string;
const ws = () => lan.base.replace('http', 'ws') + '/ws';

beforeAll(async () => {
  lan = await startLanService({ config: { pipeline: EMPTY_PIPELINE }, env: { DEBUG: 'true' } });
});

afterAll(async () => {
  await lan?.svc.close();
});

describe('first start on a network address', () => {
  it('logs a one-time setup link; the first password is chosen with it and it works only once', async () => {
    const token = setupTokenFromLog(lan.svc.logs);
    expect(token, lan.svc.logs.join('\n')).toBeTruthy();
    expect((await send(lan.base, 'GET', '/api/auth/status')).body).toEqual({
      login_required: true,
      authenticated: false,
      method: null,
      password_set: false,
      setup_pending: true,
      warning: null,
    });
    expect(await send(lan.base, 'GET', '/api/jobs')).toMatchObject({
      status: 401,
      body: { error: { code: 'login_required' } },
    });
    expect(await send(lan.base, 'POST', '/api/auth/login', { body: { password: PASSWORD } })).toMatchObject({
      status: 409,
      body: { error: { code: 'no_password_set' } },
    });
    expect(
      await send(lan.base, 'POST', '/api/auth/setup', { body: { setup_token: 'guess', password: PASSWORD } }),
    ).toMatchObject({ status: 403 });
    expect(
      await send(lan.base, 'POST', '/api/auth/setup', { body: { setup_token: token, password: 'short' } }),
    ).toMatchObject({ status: 400, body: { error: { code: 'password_too_short' } } });
    const done = await send(lan.base, 'POST', '/api/auth/setup', { body: { setup_token: token, password: PASSWORD } });
    expect(done.status).toBe(200);
    const setCookie = done.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/spindle_session=[^;]+;.*httponly/i);
    expect(setCookie).toMatch(/samesite=strict/i);
    cookie = sessionCookie(done);
    expect(
      await send(lan.base, 'POST', '/api/auth/setup', { body: { setup_token: token, password: 'another password' } }),
    ).toMatchObject({ status: 409 });
    expect(await send(lan.base, 'GET', '/api/jobs', { cookie })).toMatchObject({ status: 200 });
    // The password is stored as a slow hash, never as text.
    const rows = await lan.svc.service.db.orm.em
      .getConnection()
      .execute<{ hash: string }[]>('select hash from auth_credential');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(rows[0]!.hash).not.toContain(PASSWORD);
  });
});

describe('without a session or token', () => {
  it('answers 401 on every route of the API (OpenAPI document included), /ws and the UI', async () => {
    const doc = (await send(lan.base, 'GET', '/api/openapi.json', { cookie })).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => [m.toUpperCase(), path] as const),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const [method, path] of operations) {
      const concrete = path.replace(/\{[^}]+\}/g, '1');
      const answer = await send(lan.base, method, concrete, method === 'POST' || method === 'PUT' ? { body: {} } : {});
      if (OPEN_ROUTES.has(`${method} ${path}`)) expect(answer.status, `${method} ${path}`).not.toBe(401);
      else
        expect(answer, `${method} ${path}`).toMatchObject({ status: 401, body: { error: { code: 'login_required' } } });
    }
    expect((await send(lan.base, 'GET', '/api/openapi.json')).status).toBe(401);
    expect(await openWs(ws())).toMatchObject({ opened: false, status: 401 });
    // The UI: pages send a person to the login page; the login page and its assets load.
    for (const page of ['/', '/settings', '/jobs/1']) {
      const answer = await rawRequest(lan.base + page, { headers: { accept: 'text/html' } });
      expect(answer.status, page).toBe(401);
      expect(answer.body).toContain('/login?next=');
    }
    const login = await rawRequest(`${lan.base}/login`, { headers: { accept: 'text/html' } });
    expect(login.status).toBe(200);
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(login.body)?.[1];
    expect(asset).toBeTruthy();
    expect((await rawRequest(lan.base + asset!)).status).toBe(200);
    // A cookie or token that is not ours is nothing.
    expect((await send(lan.base, 'GET', '/api/jobs', { cookie: 'spindle_session=forged' })).status).toBe(401);
    expect((await send(lan.base, 'GET', '/api/jobs', { token: 'spindle_forged' })).status).toBe(401);
  });
});

describe('login and logout', () => {
  it('logs in with the password; the session cookie opens the WebSocket; logout ends both', async () => {
    expect(await send(lan.base, 'POST', '/api/auth/login', { body: { password: 'wrong password' } })).toMatchObject({
      status: 401,
      body: { error: { code: 'wrong_password' } },
    });
    const answer = await send(lan.base, 'POST', '/api/auth/login', { body: { password: PASSWORD } });
    expect(answer.status).toBe(200);
    const session = sessionCookie(answer);
    expect((await send(lan.base, 'GET', '/api/auth/status', { cookie: session })).body).toMatchObject({
      authenticated: true,
      method: 'session',
    });

    const socket = await openWs(ws(), { Cookie: session });
    if (!socket.opened) throw new Error(`the session did not open /ws: ${socket.status} ${socket.body}`);
    const got = new Promise<Record<string, unknown>>((resolve) =>
      socket.socket.on('message', (data) => resolve(JSON.parse(String(data)))),
    );
    const job = await lan.svc.service.jobService.create({ sourceKind: 'folder', volumeLabel: 'LIVE' });
    await lan.svc.service.jobService.transition(job.id, 'identifying');
    expect(await got).toMatchObject({ type: 'job_update', job_id: job.id });
    socket.socket.close();
    // The session does not make a foreign page's WebSocket acceptable.
    expect(await openWs(ws(), { Cookie: session, Origin: 'http://127.0.0.2:8080' })).toMatchObject({
      opened: false,
      status: 403,
    });

    const out = await send(lan.base, 'POST', '/api/auth/logout', { cookie: session });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join('\n')).toMatch(/spindle_session=;/);
    expect((await send(lan.base, 'GET', '/api/jobs', { cookie: session })).status).toBe(401);
    expect(await openWs(ws(), { Cookie: session })).toMatchObject({ opened: false, status: 401 });
    expect((await send(lan.base, 'GET', '/api/jobs', { cookie })).status).toBe(200); // other sessions live on
  });

  it('slows down wrong passwords from one address (429 with Retry-After), even for the right one, and not for other addresses', async () => {
    const from = '127.0.0.5';
    const attempt = (password: string) =>
      rawRequest(`${lan.base}/api/auth/login`, {
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password }),
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess ${i}`)).status).toBe(401);
    const limited = await attempt(PASSWORD);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body)).toMatchObject({ error: { code: 'too_many_attempts' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await attempt(PASSWORD)).status).toBe(429);
    expect((await send(lan.base, 'POST', '/api/auth/login', { body: { password: PASSWORD } })).status).toBe(200);
  });
});

describe('API tokens', () => {
  it('are created in a session, shown once, work for REST, the CLI and /ws, and stop at once when revoked', async () => {
    const created = await send(lan.base, 'POST', '/api/auth/tokens', { cookie, body: { name: 'laptop CLI' } });
    expect(created).toMatchObject({
      status: 201,
      body: { name: 'laptop CLI', token: expect.stringMatching(/^spindle_/) },
    });
    const { token, id } = created.body as { token: string; id: number };
    const list = await send(lan.base, 'GET', '/api/auth/tokens', { cookie });
    expect(list.body).toEqual([expect.objectContaining({ id, name: 'laptop CLI', prefix: token.slice(0, 14) })]);
    expect(JSON.stringify(list.body)).not.toContain(token);
    const stored = await lan.svc.service.db.orm.em
      .getConnection()
      .execute<Record<string, unknown>[]>('select * from api_token');
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await send(lan.base, 'GET', '/api/jobs', { token })).toMatchObject({ status: 200 });
    // The real CLI: --token, SPINDLE_TOKEN, and nothing.
    const withFlag = await runCli(['jobs', '--json', '--url', lan.base, '--token', token]);
    expect(withFlag.code, withFlag.stderr).toBe(0);
    expect(JSON.parse(withFlag.stdout)).toEqual(
      expect.arrayContaining([expect.objectContaining({ volume_label: 'LIVE' })]),
    );
    expect(
      (await runCli(['config', 'get', 'max_concurrent_matches', '--url', lan.base], { SPINDLE_TOKEN: token })).code,
    ).toBe(0);
    const without = await runCli(['jobs', '--url', lan.base]);
    expect(without.code).toBe(3);
    expect(without.stderr).toContain('--token');

    // `spindle watch` follows a job over /ws with the token.
    const job = await lan.svc.service.jobService.create({ sourceKind: 'folder', volumeLabel: 'WATCHED' });
    const watching = runCli(['watch', String(job.id), '--url', lan.base, '--token', token]);
    await eventually(
      async () => lan.svc.service.gateway.clientCount,
      (n) => n >= 1,
      20_000,
    );
    for (const to of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const)
      await lan.svc.service.jobService.transition(job.id, to);
    const watched = await watching;
    expect(watched.code, watched.stderr).toBe(0);
    expect(watched.stdout).toMatch(/completed/i);

    expect(await send(lan.base, 'DELETE', `/api/auth/tokens/${id}`, { cookie })).toMatchObject({ status: 200 });
    expect((await send(lan.base, 'GET', '/api/jobs', { token })).status).toBe(401);
    expect(await openWs(ws(), { Authorization: `Bearer ${token}` })).toMatchObject({ opened: false, status: 401 });
    expect((await runCli(['jobs', '--url', lan.base, '--token', token])).code).toBe(3);
    expect(await send(lan.base, 'DELETE', `/api/auth/tokens/${id}`, { cookie })).toMatchObject({ status: 404 });
  }, 60_000);
});
