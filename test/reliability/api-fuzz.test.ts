/**
 * Property-based fuzzing of every route the OpenAPI document lists (DEBUG on, so the simulation,
 * step-probe and fingerprint seed routes are in), over 10 000 generated requests in all. Unlike
 * core/test/http/api-fuzz.test.ts (junk and invalid-by-construction inputs), most bodies here are
 * built from each route's own JSON Schema — right types, enums, patterns, ids of jobs and titles
 * that exist, plugin ids and setting names for `plugin_settings`, SRT text for subtitle uploads —
 * so requests get past validation into the handlers; the rest are mutated or random.
 * Properties:
 * 1. no request gets a 5xx, and every 4xx carries the one error body {error: {code, message}};
 * 2. a rejected request changes nothing stored: every table of the SQLite file and the files of the
 *    data directory are compared before and after each 4xx answer (whenever no job is running in
 *    the background, which would change them by itself).
 */
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tokens } from '../../core/src/container/tokens.ts';
import type { JobLifecycle } from '../../core/src/jobs/job-lifecycle.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../support/service-harness.ts';
import { recordFigures } from './support/figures.ts';
import { fuzzRequests, SRT, type FuzzRequest, type Operation, type Schema } from './support/fuzz-requests.ts';
import { seedFuzzTargets } from './support/fuzz-seed.ts';
import { firstDifference, snapshot, tables } from './support/stored-state.ts';

const PLUGINS = fileURLToPath(new URL('../../plugins/', import.meta.url));

let svc: TestService;
let root = '';
let db: DatabaseSync;
let operations: Operation[] = [];
const perRoute = new Map<string, number>();
const statuses = new Map<number, number>();
let sent = 0;
let rejectedChecked = 0;
let jobIds: number[] = [];
let titleIds: number[] = [];
let sandbox = '';
/** Plugin id → the properties of its settings schema (from the manifests). */
const pluginSettings = new Map<string, Record<string, Schema>>();
const { requestFor, invalidFor } = fuzzRequests({
  jobIds: () => jobIds,
  titleIds: () => titleIds,
  sandbox: () => sandbox,
  pluginSettings,
});

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-fuzz-'));
  sandbox = join(root, 'sandbox');
  await mkdir(join(sandbox, 'DISC_ONE'), { recursive: true });
  await writeFile(join(sandbox, 'DISC_ONE', 'title_t00.mkv'), 'not really a film');
  await mkdir(join(root, 'subs'));
  await writeFile(join(root, 'subs', 'Fuzz Show.S01E01.srt'), SRT);
  svc = await startTestService({
    config: {
      staging_path: sandbox,
      pipeline: { ...EMPTY_PIPELINE, providers: { subtitles: ['local-folder'] } },
      plugin_settings: { 'subtitles-local-folder': { folder: join(root, 'subs') } },
    },
    env: { DEBUG: 'true' },
  });
  db = new DatabaseSync(join(svc.dataDir, 'spindle.db'), { readOnly: true });
  const spec = (await (await fetch(`${svc.url}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: Schema }> } }
      >
    >;
  };
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        key: `${method.toUpperCase()} ${path}`,
        params: op.parameters ?? [],
        body: withoutPipeline(path, op.requestBody?.content['application/json']?.schema ?? null),
      });
    }
  }
  for (const dir of readdirSync(PLUGINS)) {
    try {
      const manifest = JSON.parse(readFileSync(join(PLUGINS, dir, 'package.json'), 'utf8')) as {
        spindle?: { id: string; settingsSchema?: Schema };
      };
      if (manifest.spindle) pluginSettings.set(manifest.spindle.id, manifest.spindle.settingsSchema?.properties ?? {});
    } catch {
      // not a plugin
    }
  }
  await seed();
}, 60_000);

afterAll(async () => {
  db?.close();
  await svc?.close();
  await rm(root, { recursive: true, force: true });
  const routes = Object.fromEntries([...perRoute.entries()].sort());
  recordFigures('api-fuzz', {
    fuzz_cases: sent,
    routes: operations.length,
    rejected_requests_checked_for_stored_changes: rejectedChecked,
    statuses: Object.fromEntries([...statuses.entries()].sort()),
    min_per_route: Math.min(...perRoute.values()),
    per_route: routes,
  });
});

/** Jobs and titles to aim at (see fuzz-seed.ts); the 24 newest of each are kept. */
async function seed(): Promise<void> {
  const fresh = await seedFuzzTargets(svc, sandbox);
  jobIds = [...new Set([...jobIds, ...fresh.jobIds])].slice(-24);
  titleIds = [...new Set([...titleIds, ...fresh.titleIds])].slice(-24);
}

/**
 * Config writes apply live, so a fuzzed `pipeline` would switch on real providers that call the
 * internet (TMDB, OpenSubtitles, …), which no test may do: config bodies are fuzzed without it.
 * Pipeline writes have their own tests (config-live-apply, config-merge-api).
 */
function withoutPipeline(path: string, schema: Schema | null): Schema | null {
  if (path !== '/api/config' || !schema?.properties) return schema;
  const { pipeline: _pipeline, ...properties } = schema.properties;
  return { ...schema, properties };
}

/**
 * True when nothing runs in the background: a running job, the state hooks a job's end starts in
 * the background (staging cleanup, notifications, refreshes), or the contributions derived after a
 * job completed (a fuzzed config write can turn contributors on, live), change the store by themselves.
 */
function quiet(): boolean {
  const lifecycle = svc.service.container.resolve<JobLifecycle>(Tokens.JobLifecycle);
  return (
    (svc.service.runner as unknown as { running: Map<number, unknown> }).running.size === 0 &&
    !svc.service.contributors.busy &&
    !lifecycle.busy
  );
}

// ---- sending ----

async function send(r: FuzzRequest): Promise<number> {
  sent++;
  perRoute.set(r.op.key, (perRoute.get(r.op.key) ?? 0) + 1);
  const path = r.op.path.replace(/\{[^}]+\}/g, encodeURIComponent(r.pathValue));
  const qs = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const check = quiet();
  const before = check ? snapshot(db, svc.dataDir) : '';
  const res = await fetch(`${svc.url}${path}${qs ? `?${qs}` : ''}`, {
    method: r.op.method,
    headers: { 'x-spindle-client': 'test', ...(r.body?.type ? { 'content-type': r.body.type } : {}) },
    body: r.body && r.op.method !== 'GET' && r.op.method !== 'DELETE' ? r.body.text : undefined,
  });
  const text = await res.text();
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  const shown = `${r.op.method} ${path}?${qs} ${r.body?.text.slice(0, 300) ?? ''} → ${res.status} ${text.slice(0, 300)}`;
  if (res.status >= 500) throw new Error(shown);
  if (res.status >= 400) {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    expect(typeof parsed.error?.code, shown).toBe('string');
    expect(typeof parsed.error?.message, shown).toBe('string');
    if (check && quiet()) {
      const after = snapshot(db, svc.dataDir);
      if (after !== before)
        throw new Error(
          `a rejected request changed what is stored: ${shown}\n${firstDifference(before, after)}\nnow stored:\n${tables(db).slice(0, 3000)}`,
        );
      rejectedChecked++;
    }
  }
  if (r.op.key === 'DELETE /api/simulate/reset-all-jobs' && res.status === 200) await seed(); // something to aim at again
  return res.status;
}

describe('API fuzzing (reliability: 10 000+ requests, every route)', () => {
  it('answers schema-shaped, mutated and random requests to every route without a 5xx, and no rejected one changes what is stored', async () => {
    // Routes that start a program each time (tool detection and validation) get fewer requests.
    const slow = (op: Operation) => /detect-tools|\/validate\//.test(op.path);
    const anyRequest = () =>
      fc.oneof(...operations.map((op) => ({ weight: slow(op) ? 1 : 4, arbitrary: requestFor(op) })));
    // Rounds: fresh jobs and titles to aim at each time (requests consume them: approved, cancelled, reset).
    for (let round = 0; round < 8; round++) {
      await fc.assert(
        fc.asyncProperty(anyRequest(), async (r) => void (await send(r))),
        { numRuns: 1000, endOnFailure: true },
      );
      await seed();
    }
    expect(sent).toBeGreaterThanOrEqual(8000);
    // A bound for a stuck run, not a speed check: 8 000 requests, each 4xx followed by a read of every
    // table, take about 70 s on an idle machine and several times that beside other work.
  }, 900_000);

  it('rejects requests invalid by construction on every route with a coded 4xx, each changing nothing stored', async () => {
    await svc.service.runner.shutdown('quiet for the invalid-request round');
    for (const op of operations) {
      await fc.assert(
        fc.asyncProperty(invalidFor(op), async (r) => {
          const status = await send(r);
          expect(status).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
        }),
        // At least 60 invalid requests per route, and enough to bring every route to 100 in all.
        { numRuns: Math.max(60, 100 - (perRoute.get(op.key) ?? 0)), endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(10_000);
    for (const op of operations) expect(perRoute.get(op.key) ?? 0, op.key).toBeGreaterThanOrEqual(100);
    expect(rejectedChecked).toBeGreaterThan(2000);
  }, 600_000);
});
