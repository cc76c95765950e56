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
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../support/service-harness.ts';
import { recordFigures } from './support/figures.ts';

type Schema = Record<string, any>;

interface Operation {
  method: string;
  path: string;
  key: string;
  params: { name: string; in: string; required?: boolean; schema: Schema }[];
  body: Schema | null;
}

interface FuzzRequest {
  op: Operation;
  pathValue: string;
  query: [string, string][];
  body: { text: string; type: string | null } | null;
}

const PLUGINS = fileURLToPath(new URL('../../plugins/', import.meta.url));
const SRT = '1\n00:00:01,000 --> 00:00:03,000\nThe ship came in at dawn.\n\n2\n00:00:04,000 --> 00:00:06,000\nNobody saw it leave.\n';

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
    paths: Record<string, Record<string, { parameters?: Operation['params']; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
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
      const manifest = JSON.parse(readFileSync(join(PLUGINS, dir, 'package.json'), 'utf8')) as { spindle?: { id: string; settingsSchema?: Schema } };
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

/** Jobs and titles to aim at: idle, in review (TV, titles with candidates), failed, completed. */
async function seed(): Promise<void> {
  const { jobService, db: store } = svc.service;
  const candidate = (episode: number) => ({ kind: 'episode', season: 1, episode, episodeEnd: null, edition: null, score: 0.5 });
  const match = JSON.stringify({ kind: 'episode', season: 1, episode: 1, episodeEnd: null, edition: null, confidence: 0.5, source: 'disc_order', components: [], candidates: [candidate(1), candidate(2)] });
  const idle = await jobService.create({ sourceKind: 'folder', volumeLabel: 'FUZZ_IDLE', sourcePath: join(sandbox, 'DISC_ONE') });
  const idleTitles = await store.titles.replaceForJob(idle.id, [{ titleIndex: 0, durationSeconds: 1300, sizeBytes: 17, filePath: join(sandbox, 'DISC_ONE', 'title_t00.mkv') }]);
  const review = await jobService.create({ sourceKind: 'folder', volumeLabel: 'FUZZ_SHOW_S1_D1', contentType: 'tv', detectedTitle: 'Fuzz Show', detectedSeason: 1, catalogId: 77 });
  for (const state of ['identifying', 'ripping', 'matching'] as const) await jobService.transition(review.id, state);
  const reviewTitles = await store.titles.replaceForJob(review.id, [
    { titleIndex: 0, durationSeconds: 1320, sizeBytes: 10, state: 'review', matchDetailsJson: match, matchConfidence: 0.5, matchedEpisode: 'S01E01' },
    { titleIndex: 1, durationSeconds: 1290, sizeBytes: 10, state: 'review', matchDetailsJson: match, matchConfidence: 0.5 },
  ]);
  await jobService.transition(review.id, 'review_needed', { patch: { reviewReason: 'fuzz review', resumeState: 'organizing' } });
  const failed = await jobService.create({ sourceKind: 'disc', volumeLabel: 'FUZZ_FAILED', driveId: '/dev/sr9' });
  await jobService.transition(failed.id, 'identifying');
  await jobService.transition(failed.id, 'failed', { patch: { errorMessage: 'fuzz' } });
  const done = await jobService.create({ sourceKind: 'disc', volumeLabel: 'FUZZ_DONE', contentType: 'movie' });
  for (const state of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const) await jobService.transition(done.id, state);
  jobIds = [...new Set([...jobIds, idle.id, review.id, failed.id, done.id])].slice(-24);
  titleIds = [...new Set([...titleIds, ...idleTitles.map((t) => t.id), ...reviewTitles.map((t) => t.id)])].slice(-24);
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

// ---- what is stored ----

function dataFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/^spindle\.db/.test(entry.name)) out.push(`${relative(svc.dataDir, full)}:${statSync(full).size}`);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/**
 * What is stored, cheaply: SQLite's data_version (it moves whenever another connection commits a
 * change to the file) and the data directory's files with their sizes.
 */
function snapshot(): string {
  const { data_version: version } = db.prepare('pragma data_version').get() as { data_version: number };
  return `data_version ${version}\nfiles ${dataFiles(svc.dataDir).join(',')}`;
}

/** Every table, for saying what a rejected request changed. */
function tables(): string {
  const names = (db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]).map((r) => r.name);
  return names.map((t) => `${t}:${JSON.stringify(db.prepare(`select * from "${t}"`).all())}`).join('\n');
}

/**
 * True when nothing runs in the background: a running job, or the contributions derived after a
 * job completed (a fuzzed config write can turn contributors on, live), change the store by themselves.
 */
function quiet(): boolean {
  return (svc.service.runner as unknown as { running: Map<number, unknown> }).running.size === 0 && !svc.service.contributors.busy;
}

function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const i = x.findIndex((line, k) => line !== y[k]);
  return `before: ${x[i]?.slice(0, 400)}\nafter:  ${y[i]?.slice(0, 400)}`;
}

// ---- sending ----

async function send(r: FuzzRequest): Promise<number> {
  sent++;
  perRoute.set(r.op.key, (perRoute.get(r.op.key) ?? 0) + 1);
  const path = r.op.path.replace(/\{[^}]+\}/g, encodeURIComponent(r.pathValue));
  const qs = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const check = quiet();
  const before = check ? snapshot() : '';
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
      const after = snapshot();
      if (after !== before) throw new Error(`a rejected request changed what is stored: ${shown}\n${firstDifference(before, after)}\nnow stored:\n${tables().slice(0, 3000)}`);
      rejectedChecked++;
    }
  }
  if (r.op.key === 'DELETE /api/simulate/reset-all-jobs' && res.status === 200) await seed(); // something to aim at again
  return res.status;
}

// ---- generators ----

const idArb = () => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...jobIds) }, { weight: 1, arbitrary: fc.integer({ min: -2, max: 10_000 }) });
const pathValue = () =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...jobIds).map(String) },
    { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', 'abc', '99999999999', '%', '..', ' ', '1e3', '0x10') },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  );
/** Paths: inside the sandbox (exist or not), relative, or junk — never a real program or system folder. */
const pathArb = () =>
  fc.oneof(
    fc.constantFrom(sandbox, join(sandbox, 'DISC_ONE'), join(sandbox, 'missing'), join(sandbox, 'DISC_ONE', 'title_t00.mkv'), 'relative/path', '', '   '),
    fc.string({ maxLength: 16 }).map((s) => join(sandbox, s.replace(/\.\./g, '_'))),
  );

function boundedString(schema: Schema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 40);
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    return fc.oneof({ weight: 4, arbitrary: fc.stringMatching(re).filter((s) => s.length <= (schema.maxLength ?? 1e9) && s.length >= min) }, { weight: 1, arbitrary: fc.string({ maxLength: max }) });
  }
  return fc.string({ minLength: Math.min(min, max), maxLength: Math.max(max, min) });
}

function numberArb(schema: Schema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum : -1_000_000);
  const max = schema.maximum ?? 1_000_000;
  const edges = [min, max, ...(schema.exclusiveMinimum !== undefined ? [schema.exclusiveMinimum] : [])];
  const inner = integer ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.oneof({ weight: 5, arbitrary: inner }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

/** A value shaped by a JSON Schema (mostly valid; enums, patterns, bounds and known ids honoured). */
function fromSchema(schema: Schema | undefined, key = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 1 });
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives) {
    const { anyOf: _a, oneOf: _o, ...base } = schema;
    return fc.oneof(...alternatives.map((alt) => fromSchema({ ...base, ...alt, ...(base.required || alt.required ? { required: [...(base.required ?? []), ...(alt.required ?? [])] } : {}) }, key, depth)));
  }
  if (Array.isArray(schema.type)) return fc.oneof(...(schema.type as string[]).map((type) => fromSchema({ ...schema, type }, key, depth)));
  if (/(^|_)path$|^plugins_path$|folder/.test(key) && (schema.type === 'string' || schema.type === undefined)) return pathArb();
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      if (key === 'title_id') return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...titleIds) }, { weight: 1, arbitrary: numberArb(schema, true) });
      if (/(^|_)id$/.test(key)) return fc.oneof({ weight: 3, arbitrary: idArb() }, { weight: 1, arbitrary: numberArb(schema, true) });
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'string':
      if (key === 'srt') return fc.oneof(fc.constant(SRT), fc.string({ minLength: 1, maxLength: 60 }));
      if (/key|token|password|secret/.test(key)) return fc.oneof(fc.constant('***'), fc.string({ maxLength: 40 }));
      return boundedString(schema);
    case 'array': {
      const item = fromSchema(schema.items as Schema, key, depth + 1);
      const constraints = { minLength: Math.min(schema.minItems ?? 0, 3), maxLength: Math.min(schema.maxItems ?? 3, 3) };
      return schema.uniqueItems ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) }) : fc.array(item, constraints);
    }
    default:
      return objectArb(schema, key, depth);
  }
}

function objectArb(schema: Schema, key: string, depth: number): fc.Arbitrary<unknown> {
  if (key === 'plugin_settings') return pluginSettingsArb();
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  if (names.length === 0) {
    const extra = schema.additionalProperties;
    return fc.dictionary(fc.string({ maxLength: 8 }), typeof extra === 'object' ? fromSchema(extra, '', depth + 1) : fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 });
  }
  const required = ((schema.required ?? []) as string[]).filter((n) => names.includes(n));
  const record = Object.fromEntries(names.map((n) => [n, fromSchema(properties[n], n, depth + 1)]));
  return fc.record(record, { requiredKeys: required });
}

/** plugin_settings: real plugin ids with their own setting names (and "***" for credentials), plus unknown ones. */
function pluginSettingsArb(): fc.Arbitrary<Record<string, unknown>> {
  const ids = [...pluginSettings.keys()];
  const entry = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...ids).chain((id) => objectArb({ properties: pluginSettings.get(id) }, id, 1).map((v) => [id, v] as const)) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('no-such-plugin', '__proto__', 'constructor'), fc.jsonValue({ maxDepth: 2 })) },
  );
  return fc.array(entry, { maxLength: 3 }).map((entries) => {
    const out: Record<string, unknown> = {};
    for (const [id, value] of entries) Object.defineProperty(out, id, { value, enumerable: true, configurable: true, writable: true });
    return out;
  });
}

const junkScalar = fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String), fc.constantFrom('', 'true', 'null', '[]', '{}', 'tv', '1e309', 'NaN', '-0'));

function queryArb(op: Operation) {
  const named = op.params.filter((p) => p.in === 'query');
  const shaped = fc
    .record(Object.fromEntries(named.map((p) => [p.name, fromSchema(p.schema, p.name)])), { requiredKeys: named.filter((p) => p.required).map((p) => p.name) })
    .map((q) => Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string]));
  const junk = fc.array(fc.tuple(fc.oneof(fc.constantFrom(...(named.length ? named.map((p) => p.name) : ['page'])), fc.string({ maxLength: 8 })), junkScalar), { maxLength: 3 });
  return named.length ? fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: junk }) : fc.oneof({ weight: 6, arbitrary: fc.constant([] as [string, string][]) }, { weight: 1, arbitrary: junk });
}

function bodyArb(op: Operation) {
  const json = (v: unknown) => ({ text: JSON.stringify(v), type: 'application/json' });
  if (!op.body) return fc.oneof({ weight: 5, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(json) });
  return fc.oneof(
    { weight: 12, arbitrary: fromSchema(op.body).map(json) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((text) => ({ text, type: 'application/json' })) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '[', '{"files": [{"episode_code": "S01E01", "srt": 1}]}', '\u0000').map((text) => ({ text, type: 'application/json' })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((text) => ({ text, type: 'text/plain' })) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

const requestFor = (op: Operation): fc.Arbitrary<FuzzRequest> => fc.record({ op: fc.constant(op), pathValue: pathValue(), query: queryArb(op), body: bodyArb(op) });

/** Invalid by construction: an unknown query parameter, or a body with a property its schema forbids. */
function invalidFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const strictBody = op.body && op.body.additionalProperties === false;
  return requestFor(op).chain((r) => {
    const byQuery = fc.constant<FuzzRequest>({ ...r, query: [...r.query, ['__fuzz__', '1']] });
    if (!strictBody) return byQuery;
    const byBody = fromSchema(op.body!).map((b): FuzzRequest => ({ ...r, body: { text: JSON.stringify({ ...(b as object), __fuzz__: 1 }), type: 'application/json' } }));
    return fc.oneof(byQuery, byBody);
  });
}

describe('API fuzzing (reliability: 10 000+ requests, every route)', () => {
  it('answers schema-shaped, mutated and random requests to every route without a 5xx, and no rejected one changes what is stored', async () => {
    // Routes that start a program each time (tool detection and validation) get fewer requests.
    const slow = (op: Operation) => /detect-tools|\/validate\//.test(op.path);
    const anyRequest = () => fc.oneof(...operations.map((op) => ({ weight: slow(op) ? 1 : 4, arbitrary: requestFor(op) })));
    // Rounds: fresh jobs and titles to aim at each time (requests consume them: approved, cancelled, reset).
    for (let round = 0; round < 8; round++) {
      await fc.assert(fc.asyncProperty(anyRequest(), async (r) => void (await send(r))), { numRuns: 1000, endOnFailure: true });
      await seed();
    }
    expect(sent).toBeGreaterThanOrEqual(8000);
  }, 240_000);

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
  }, 180_000);
});
