import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE }, env: { DEBUG: 'true' } });
});
afterAll(() => svc.close());

type Spec = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        summary: string;
        responses: Record<string, { content?: Record<string, { schema: object }> }>;
      }
    >
  >;
};

describe('GET /api/openapi.json', () => {
  it('documents every route of the spec, each once, with a unique operation id', async () => {
    const spec = (await (await fetch(`${svc.url}/api/openapi.json`)).json()) as Spec;
    expect(spec.openapi).toBe('3.1.0');
    const ops = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })),
    );
    const keys = ops.map((o) => o.key);
    for (const expected of [
      'GET /api/jobs',
      'GET /api/jobs/{id}',
      'GET /api/jobs/{id}/detail',
      'GET /api/jobs/{id}/titles',
      'POST /api/jobs/{id}/start',
      'POST /api/jobs/{id}/cancel',
      'DELETE /api/jobs/{id}',
      'POST /api/jobs/{id}/review',
      'POST /api/jobs/{id}/approve-all',
      'GET /api/jobs/history',
      'GET /api/jobs/stats',
      'GET /api/config',
      'PUT /api/config',
      'POST /api/validate/ripper',
      'POST /api/validate/media-tool',
      'GET /api/detect-tools',
      'GET /api/diagnostics/report',
      'GET /api/asr-status',
      'POST /api/staging/import',
      'POST /api/simulate/insert-disc',
      'POST /api/simulate/remove-disc',
      'POST /api/simulate/advance-job/{id}',
      'DELETE /api/simulate/reset-all-jobs',
      'POST /api/simulate/insert-disc-from-staging',
      'GET /api/health',
      'GET /api/openapi.json',
      'GET /api/review',
    ])
      expect(keys).toContain(expected);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.every((o) => o.op.summary.length > 0)).toBe(true);
  });

  it('describes responses that real answers validate against', async () => {
    const spec = (await (await fetch(`${svc.url}/api/openapi.json`)).json()) as Spec;
    const ajv = new Ajv({ strict: false, validateFormats: false });
    await fetch(`${svc.url}/api/simulate/insert-disc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"volume_label":"SCHEMA","simulate_ripping":false}',
    });
    for (const [path, url] of [
      ['/api/jobs', '/api/jobs'],
      ['/api/jobs/history', '/api/jobs/history'],
      ['/api/jobs/stats', '/api/jobs/stats'],
      ['/api/jobs/{id}/detail', '/api/jobs/1/detail'],
      ['/api/config', '/api/config'],
      ['/api/asr-status', '/api/asr-status'],
    ] as const) {
      const schema = spec.paths[path]!.get!.responses['200']!.content!['application/json']!.schema;
      const body = await (await fetch(svc.url + url)).json();
      const valid = ajv.validate(schema, body);
      expect(valid, `${url}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    }
  });

  it('describes the typed review, match details, mappings and identification that a job in review answers with', async () => {
    const spec = (await (await fetch(`${svc.url}/api/openapi.json`)).json()) as Spec;
    const ajv = new Ajv({ strict: false, validateFormats: false });
    const { jobService, db } = svc.service;
    const candidates = [
      { kind: 'episode', season: 1, episode: 2, episodeEnd: null, edition: null, score: 0.5 },
    ] as const;
    const mappings = [{ titleIndex: 0, assignment: 'episode', season: 1, episode: 2, episodeEnd: null, name: 'Two' }];
    const answer = {
      contentType: 'tv',
      source: 'disc_lookup',
      confidence: 0.9,
      title: 'T',
      year: null,
      season: 1,
      discNumber: 1,
      catalogId: 5,
      catalogTitle: 'T',
      discLookup: { titleSlug: 't', discSlug: 'd', mappings },
      titleHints: [],
      ambiguousMovie: false,
      reviewReason: null,
      evidence: ['e'],
    };
    const job = await jobService.create({
      sourceKind: 'folder',
      volumeLabel: 'TYPED',
      contentType: 'tv',
      discMappingsJson: JSON.stringify(mappings),
      identificationJson: JSON.stringify([answer]),
    });
    await db.titles.replaceForJob(job.id, [
      {
        titleIndex: 0,
        durationSeconds: 1300,
        sizeBytes: 10,
        state: 'review',
        filePath: '/x/a.mkv',
        matchDetailsJson: JSON.stringify({
          kind: 'episode',
          season: 1,
          episode: 2,
          episodeEnd: null,
          edition: null,
          confidence: 0.5,
          source: 'local_asr',
          components: [{ name: 'asr', value: 0.5, weight: 1, detail: 'x' }],
          candidates,
        }),
        review: {
          kind: 'conflict',
          message: 'taken',
          candidates: [...candidates],
          path: '/lib/a.mkv',
          otherTitles: [],
          episode: null,
        },
      },
    ]);
    await jobService.transition(job.id, 'review_needed', {
      patch: { reviewKind: 'organize', reviewReason: 'taken', resumeState: 'organizing' },
    });
    for (const [path, url] of [
      ['/api/jobs/{id}/detail', `/api/jobs/${job.id}/detail`],
      ['/api/review', '/api/review'],
      ['/api/jobs', '/api/jobs'],
    ] as const) {
      const schema = spec.paths[path]!.get!.responses['200']!.content!['application/json']!.schema;
      const body = await (await fetch(svc.url + url)).json();
      expect(ajv.validate(schema, body), `${url}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    }
    const detail = (await (await fetch(`${svc.url}/api/jobs/${job.id}/detail`)).json()) as {
      titles: { review: unknown }[];
      disc_mappings: unknown[];
      identification: { discLookup: { mappings: unknown[] } }[];
    };
    expect(detail.titles[0].review).toMatchObject({ kind: 'conflict', path: '/lib/a.mkv' });
    expect(detail.disc_mappings[0]).toMatchObject({ titleIndex: 0, episode: 2 });
    expect(detail.identification[0].discLookup.mappings).toHaveLength(1);
  });
});
