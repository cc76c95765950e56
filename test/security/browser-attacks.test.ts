/**
 * A web page from another origin (127.0.0.2) tries to drive Spindle through a real Chromium:
 * CORS "simple" POSTs (text/plain, no type, a typeless Blob, the old `charset=json` trick), HTML
 * form posts, no-cors fetches that name an executable, a page on a rebound name (foreign Host),
 * a WebSocket from the foreign page; and a client sends WebSocket frames far beyond what clients
 * may send. Each is refused, the database is unchanged (every table compared) and the sentinel
 * executable never ran. The same requests from the owner's client do work, so the measures can fail.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUiBuilt, launchBrowser } from '../browser/support/browser.ts';
import { apiClient } from '../support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../support/service-harness.ts';
import {
  openWs,
  rawRequest,
  snapshotDatabase,
  startAttackerSite,
  writeSentinel,
  type AttackerSite,
  type Sentinel,
} from './support/attack-kit.ts';

const REBOUND_NAME = 'rebound.attacker.test';

let svc: TestService;
let site: AttackerSite;
let browser: Browser;
let page: Page;
let sentinel: Sentinel;
let before: Record<string, unknown[]>;
let idleJob: number;
let reviewJob: number;
let failedJob: number;
/** Status of every answer the service gave the attacker's page (no-cors answers are opaque to the page, not to the browser). */
const answers: { url: string; method: string; status: number }[] = [];

beforeAll(async () => {
  ensureUiBuilt();
  // Named like the tool it pretends to be, so only the request checks (not the tool-path check) stand between an attack and a run.
  sentinel = await writeSentinel(await mkdtemp(join(tmpdir(), 'spindle-sentinel-')), 'ffmpeg');
  [svc, site] = await Promise.all([startTestService({ config: { pipeline: EMPTY_PIPELINE } }), startAttackerSite()]);
  // The browser resolves the rebound name to this machine, as a rebinding DNS server would make it.
  browser = await launchBrowser([`--host-resolver-rules=MAP ${REBOUND_NAME} 127.0.0.1`]);
  const { jobService } = svc.service;
  idleJob = (await jobService.create({ sourceKind: 'folder', volumeLabel: 'IDLE_JOB' })).id;
  reviewJob = (await jobService.create({ sourceKind: 'folder', volumeLabel: 'REVIEW_JOB' })).id;
  await jobService.transition(reviewJob, 'identifying');
  await jobService.transition(reviewJob, 'review_needed', { patch: { reviewReason: 'two shows fit' } });
  // A failed job a forged retry would run again (failed → identifying).
  failedJob = (await jobService.create({ sourceKind: 'folder', volumeLabel: 'FAILED_JOB' })).id;
  await jobService.transition(failedJob, 'failed', { patch: { errorMessage: 'the disc could not be read' } });
  before = await snapshotDatabase(svc);
  const context = await browser.newContext();
  page = await context.newPage();
  const servicePort = new URL(svc.url).port;
  page.on('response', (r) => {
    if (new URL(r.url()).port === servicePort)
      answers.push({ url: r.url(), method: r.request().method(), status: r.status() });
  });
  await page.goto(`${site.origin}/`);
  expect(await page.evaluate('location.origin')).toBe(site.origin);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await svc?.close();
});

const mutatingPaths = () => [
  `/api/jobs/${idleJob}/start`,
  `/api/jobs/${idleJob}/cancel`,
  `/api/jobs/${reviewJob}/cancel`,
  `/api/jobs/${reviewJob}/approve-all`,
  `/api/jobs/${failedJob}/retry`,
  '/api/jobs/clear-finished',
  '/api/restart',
  '/api/setup/check',
  '/api/fingerprint/contributions/rotate-pseudonym',
  '/api/fingerprint/forget',
];

async function expectNothingChanged(): Promise<void> {
  expect(await snapshotDatabase(svc)).toEqual(before);
  expect(sentinel.ran()).toBe(false);
}

function answersFor(fragment: string) {
  return answers.filter((a) => a.url.includes(fragment));
}

describe('a page on another origin', () => {
  it('cannot change state with CORS simple requests (text/plain, no type, typeless Blob, charset=json)', async () => {
    const outcomes = (await page.evaluate(
      `(async ({ base, paths }) => {
        const tries = [
          { mode: 'no-cors', method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' },
          { mode: 'no-cors', method: 'POST', headers: { 'content-type': 'text/plain; charset=json' }, body: '{}' },
          { mode: 'no-cors', method: 'POST' },
          { mode: 'no-cors', method: 'POST', body: new Blob(['{}']) },
          { mode: 'no-cors', method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' },
          { mode: 'cors', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
          { mode: 'cors', method: 'POST', headers: { 'x-spindle-client': 'ui' } },
        ];
        const outcomes = [];
        for (const path of paths) for (const init of tries) {
          try {
            const res = await fetch(base + path, init);
            outcomes.push(init.mode + ':' + res.type);
          } catch (error) {
            outcomes.push(init.mode + ':blocked');
          }
        }
        return outcomes;
      })(${JSON.stringify({ base: svc.url, paths: mutatingPaths() })})`,
    )) as string[];
    // no-cors answers are opaque to the page; cors ones never get past the refused preflight.
    expect(new Set(outcomes)).toEqual(new Set(['no-cors:opaque', 'cors:blocked']));
    for (const path of mutatingPaths()) {
      // The five no-cors POSTs reached the service and were refused; the two cors ones never got past their preflight.
      const seen = answersFor(path).filter((a) => a.method === 'POST');
      expect(seen.length, path).toBe(5);
      for (const a of seen) expect([403, 415], `${a.method} ${a.url}`).toContain(a.status);
    }
    await expectNothingChanged();
  });

  it('cannot change state with HTML form posts (text/plain, urlencoded, multipart)', async () => {
    const count = answers.length;
    for (const path of mutatingPaths()) {
      for (const enctype of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
        await page.evaluate(
          `new Promise((resolve) => {
            const frame = document.createElement('iframe');
            frame.name = 'sink' + Math.random().toString(36).slice(2);
            document.body.append(frame);
            const form = document.createElement('form');
            form.method = 'POST';
            form.action = ${JSON.stringify(svc.url + path)};
            form.enctype = ${JSON.stringify(enctype)};
            form.target = frame.name;
            const input = document.createElement('input');
            input.name = '{"path":"' + ${JSON.stringify(sentinel.path)} + '","x":"';
            input.value = '"}';
            form.append(input);
            document.body.append(form);
            frame.addEventListener('load', () => resolve(null), { once: true });
            form.submit();
          })`,
        );
      }
    }
    const posts = answers.slice(count).filter((a) => a.method === 'POST');
    expect(posts).toHaveLength(mutatingPaths().length * 3);
    for (const a of posts) expect([403, 415], a.url).toContain(a.status);
    await expectNothingChanged();
  });

  it('cannot make Spindle run an executable through /api/validate with no-cors fetches', async () => {
    const count = answers.length;
    await page.evaluate(
      `(async ({ base, tool }) => {
        const body = JSON.stringify({ path: tool });
        for (const route of ['/api/validate/media-tool', '/api/validate/ripper']) {
          await fetch(base + route, { mode: 'no-cors', method: 'POST', headers: { 'content-type': 'text/plain; charset=json' }, body });
          await fetch(base + route, { mode: 'no-cors', method: 'POST', headers: { 'content-type': 'text/plain' }, body });
          await fetch(base + route, { mode: 'no-cors', method: 'POST', body: new Blob([body]) });
          await fetch(base + route, { mode: 'no-cors', method: 'POST' });
        }
      })(${JSON.stringify({ base: svc.url, tool: sentinel.path })})`,
    );
    const posts = answers.slice(count).filter((a) => a.method === 'POST');
    expect(posts).toHaveLength(8);
    for (const a of posts) expect([403, 415], a.url).toContain(a.status);
    await expectNothingChanged();
  });

  it('opens no WebSocket to Spindle', async () => {
    const outcome = await page.evaluate(
      `new Promise((resolve) => {
        const socket = new WebSocket(${JSON.stringify(svc.url.replace('http', 'ws') + '/ws')});
        socket.onopen = () => resolve('open');
        socket.onerror = () => resolve('refused');
      })`,
    );
    expect(outcome).toBe('refused');
    expect(svc.service.gateway.clientCount).toBe(0);
    const raw = await openWs(`${svc.url.replace('http', 'ws')}/ws`, { Origin: site.origin });
    expect(raw).toMatchObject({ opened: false, status: 403 });
    expect(JSON.parse((raw as { body: string }).body)).toMatchObject({ error: { code: 'foreign_origin' } });
    await expectNothingChanged();
  });
});

describe('DNS rebinding: a page on a name that now resolves to this machine', () => {
  it('gets nothing: pages, API reads and writes answer 403 naming ALLOWED_HOSTS', async () => {
    const port = new URL(svc.url).port;
    const rebound = await browser.newPage();
    try {
      const shell = await rebound.goto(`http://${REBOUND_NAME}:${port}/`);
      expect(shell?.status()).toBe(403);
      expect(await rebound.textContent('body')).toContain('ALLOWED_HOSTS');
      // The page is now same-origin with the service as far as the browser knows: it may read and send anything.
      const seen = (await rebound.evaluate(`(async () => {
        const read = await fetch('/api/config');
        const write = await fetch('/api/config', { method: 'PUT', headers: { 'content-type': 'application/json', 'x-spindle-client': 'ui' }, body: JSON.stringify({ staging_path: '/' }) });
        const run = await fetch('/api/validate/media-tool', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: ${JSON.stringify(sentinel.path)} }) });
        const ws = await new Promise((resolve) => { const s = new WebSocket('ws://' + location.host + '/ws'); s.onopen = () => resolve('open'); s.onerror = () => resolve('refused'); });
        return { read: [read.status, await read.text()], write: write.status, run: run.status, ws };
      })()`)) as { read: [number, string]; write: number; run: number; ws: string };
      expect(seen.read[0]).toBe(403);
      expect(JSON.parse(seen.read[1])).toMatchObject({
        error: { code: 'host_not_allowed', message: expect.stringContaining('ALLOWED_HOSTS') },
      });
      expect(seen.read[1]).not.toContain('staging_path');
      expect(seen).toMatchObject({ write: 403, run: 403, ws: 'refused' });
    } finally {
      await rebound.close();
    }
    // The same with a forged Host header from a plain client, WebSocket upgrade included.
    const config = await rawRequest(`${svc.url}/api/config`, { headers: { Host: `evil.example:${port}` } });
    expect(config.status).toBe(403);
    expect(config.body).toContain('ALLOWED_HOSTS');
    const ws = await openWs(`${svc.url.replace('http', 'ws')}/ws`, { Host: 'evil.example' });
    expect(ws).toMatchObject({ opened: false, status: 403 });
    await expectNothingChanged();
  });
});

describe('WebSocket client frames', () => {
  it('closes a client that sends more than a few KiB, and keeps serving others', async () => {
    const big = await openWs(`${svc.url.replace('http', 'ws')}/ws`);
    if (!big.opened) throw new Error('the owner could not open /ws');
    const closed = new Promise<number>((resolve) => big.socket.once('close', (code) => resolve(code)));
    big.socket.send('x'.repeat(64 * 1024));
    expect(await closed).toBe(1009); // "message too big"
    const small = await openWs(`${svc.url.replace('http', 'ws')}/ws`);
    if (!small.opened) throw new Error('the owner could not open /ws');
    small.socket.send('hello'); // ignored, not fatal
    await new Promise((r) => setTimeout(r, 100));
    expect(small.socket.readyState).toBe(small.socket.OPEN);
    small.socket.close();
    await expectNothingChanged();
  });
});

describe('no CORS, ever', () => {
  it('answers preflights 403 and grants no Access-Control header on any answer', async () => {
    const port = new URL(svc.url).port;
    const host = `127.0.0.1:${port}`;
    const preflight = await rawRequest(`${svc.url}/api/config`, {
      method: 'OPTIONS',
      headers: {
        Host: host,
        Origin: site.origin,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    const read = await rawRequest(`${svc.url}/api/config`, { headers: { Host: host, Origin: site.origin } });
    const write = await rawRequest(`${svc.url}/api/jobs/${idleJob}/cancel`, {
      method: 'POST',
      headers: { Host: host, Origin: site.origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(preflight.status).toBe(403);
    expect(write.status).toBe(403);
    expect(JSON.parse(write.body)).toMatchObject({ error: { code: 'foreign_origin' } });
    for (const answer of [preflight, read, write])
      expect(Object.keys(answer.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    await expectNothingChanged();
  });
});

describe('the owner', () => {
  // Runs last: proves the snapshot and the sentinel notice what the attacks would have done.
  it('still does all of it with the UI client (so the checks above can fail)', async () => {
    const api = apiClient(svc.url);
    expect((await api.post(`/api/jobs/${reviewJob}/cancel`)).status).toBe(200);
    expect((await api.post(`/api/jobs/${failedJob}/retry`)).body).toMatchObject({
      id: failedJob,
      state: 'identifying',
    });
    expect(await snapshotDatabase(svc)).not.toEqual(before);
    await api.post('/api/validate/media-tool', { path: sentinel.path });
    expect(sentinel.ran()).toBe(true);
  });
});
