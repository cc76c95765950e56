/**
 * Property-based fuzzing of every route in the OpenAPI document (DEBUG on, so the simulation
 * routes are included): random and malformed path parameters, query strings and bodies.
 * 1. Requests that are invalid by construction are rejected with 4xx and change no stored data.
 * 2. Fully random requests never get a 5xx.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';
import { JOB_STATES } from '../../src/jobs/job-state-machine.ts';

interface Operation {
  method: string;
  path: string;
  queryKeys: string[];
  bodyKeys: string[];
  hasBody: boolean;
}

let svc: TestService;
let operations: Operation[] = [];
let sent = 0;

beforeAll(async () => {
  svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE }, env: { DEBUG: 'true' } });
  const spec = (await (await fetch(`${svc.url}/api/openapi.json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string }[];
          requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
        }
      >
    >;
  };
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        queryKeys: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyKeys: Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {}),
        hasBody: op.requestBody !== undefined,
      });
    }
  }
  // Some state to aim at: an idle job, a finished one, titles.
  const { jobService, db } = svc.service;
  const idle = await jobService.create({ sourceKind: 'folder', volumeLabel: 'FUZZ_IDLE' });
  await db.titles.replaceForJob(idle.id, [{ titleIndex: 0, durationSeconds: 100, sizeBytes: 1 }]);
  const done = await jobService.create({ sourceKind: 'folder', volumeLabel: 'FUZZ_DONE' });
  await jobService.transition(done.id, 'identifying');
  await jobService.transition(done.id, 'failed', { patch: { errorMessage: 'fuzz' } });
});

afterAll(async () => {
  await svc.close();
  console.log(`api fuzz: ${sent} requests over ${operations.length} operations`);
});

async function snapshot(): Promise<string> {
  const { db, config } = svc.service;
  const jobs = await db.jobs.listInStates([...JOB_STATES]);
  const rows = [];
  for (const job of jobs.sort((a, b) => a.id - b.id))
    rows.push({ job, titles: await db.titles.listByJob(job.id), timeline: await db.jobs.timeline(job.id) });
  return JSON.stringify({ rows, config: config.get() });
}

interface FuzzRequest {
  op: Operation;
  pathValue: string;
  query: [string, string][];
  body: { text: string; type: string | null } | null;
}

async function send(r: FuzzRequest): Promise<number> {
  sent++;
  const path = r.op.path.replace(/\{[^}]+\}/g, encodeURIComponent(r.pathValue));
  const qs = r.query.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const res = await fetch(`${svc.url}${path}${qs ? `?${qs}` : ''}`, {
    method: r.op.method,
    headers: { 'x-spindle-client': 'test', ...(r.body?.type ? { 'content-type': r.body.type } : {}) },
    body: r.body && r.op.method !== 'GET' && r.op.method !== 'DELETE' ? r.body.text : undefined,
  });
  const text = await res.text();
  if (res.status >= 500) throw new Error(`${r.op.method} ${path}?${qs} → ${res.status} ${text}`);
  if (res.status >= 400) {
    const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    expect(typeof parsed.error?.code).toBe('string');
    expect(typeof parsed.error?.message).toBe('string');
  }
  return res.status;
}

const pathValue = fc.oneof(
  fc.constantFrom('1', '2', '3', '0', '-1', '1.5', 'abc', '99999999999', '%', '..', ' '),
  fc.integer({ min: -10, max: 100 }).map(String),
  fc.string({ maxLength: 12 }),
);
const scalar = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer().map(String),
  fc.constantFrom('', 'true', 'false', 'null', '[]', '{}', 'tv', 'movie', 'failed', '1e309', 'NaN'),
);

function queryFor(op: Operation) {
  return fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...(op.queryKeys.length ? op.queryKeys : ['page'])), fc.string({ maxLength: 8 })),
      scalar,
    ),
    { maxLength: 4 },
  );
}

function bodyFor(op: Operation) {
  const keys = op.bodyKeys.length ? op.bodyKeys : ['x'];
  const shaped = fc
    .dictionary(fc.constantFrom(...keys), fc.jsonValue({ maxDepth: 2 }), { maxKeys: keys.length })
    .map((o) => JSON.stringify(o));
  return fc.oneof(
    shaped.map((text) => ({ text, type: 'application/json' })),
    fc.jsonValue({ maxDepth: 3 }).map((v) => ({ text: JSON.stringify(v), type: 'application/json' })),
    fc.string({ maxLength: 40 }).map((text) => ({ text, type: 'application/json' })),
    fc.string({ maxLength: 40 }).map((text) => ({ text, type: 'text/plain' })),
    fc.constant(null),
  );
}

function requestFor(op: Operation) {
  return fc.record({ op: fc.constant(op), pathValue, query: queryFor(op), body: bodyFor(op) });
}

describe('API fuzzing', () => {
  it('rejects invalid requests to every route with a coded 4xx and changes nothing stored', async () => {
    const before = await snapshot();
    for (const op of operations) {
      // An unknown query parameter makes any request invalid, whatever else it carries.
      const invalid = requestFor(op).map((r) => ({ ...r, query: [...r.query, ['__fuzz__', '1'] as [string, string]] }));
      await fc.assert(
        fc.asyncProperty(invalid, async (r) => {
          const status = await send(r);
          expect(status).toBeGreaterThanOrEqual(400);
          expect(status).toBeLessThan(500);
        }),
        { numRuns: 40 },
      );
    }
    expect(await snapshot()).toBe(before);
  }, 120_000);

  it('never answers a random request with a 5xx', async () => {
    const anyRequest = fc.constantFrom(...operations).chain((op) => requestFor(op));
    await fc.assert(
      fc.asyncProperty(anyRequest, async (r) => void (await send(r))),
      { numRuns: 1500 },
    );
    expect(sent).toBeGreaterThanOrEqual(2000);
  }, 180_000);
});
