import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE }, env: { DEBUG: 'true' } });
});
afterAll(() => svc.close());

type Spec = { openapi: string; paths: Record<string, Record<string, { operationId: string; summary: string; responses: Record<string, { content?: Record<string, { schema: object }> }> }>> };

describe('GET /api/openapi.json', () => {
  it('documents every route of the spec, each once, with a unique operation id', async () => {
    const spec = (await (await fetch(`${svc.url}/api/openapi.json`)).json()) as Spec;
    expect(spec.openapi).toBe('3.1.0');
    const ops = Object.entries(spec.paths).flatMap(([path, methods]) => Object.entries(methods).map(([m, op]) => ({ key: `${m.toUpperCase()} ${path}`, op })));
    const keys = ops.map((o) => o.key);
    for (const expected of [
      'GET /api/jobs', 'GET /api/jobs/{id}', 'GET /api/jobs/{id}/detail', 'GET /api/jobs/{id}/titles', 'POST /api/jobs/{id}/start',
      'POST /api/jobs/{id}/cancel', 'DELETE /api/jobs/{id}', 'POST /api/jobs/{id}/review', 'POST /api/jobs/{id}/approve-all',
      'GET /api/jobs/history', 'GET /api/jobs/stats', 'GET /api/config', 'PUT /api/config', 'POST /api/validate/ripper',
      'POST /api/validate/media-tool', 'GET /api/detect-tools', 'GET /api/diagnostics/report', 'GET /api/asr-status',
      'POST /api/staging/import', 'POST /api/simulate/insert-disc', 'POST /api/simulate/remove-disc',
      'POST /api/simulate/advance-job/{id}', 'DELETE /api/simulate/reset-all-jobs', 'POST /api/simulate/insert-disc-from-staging',
      'GET /api/health', 'GET /api/openapi.json',
    ]) expect(keys).toContain(expected);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ops.every((o) => o.op.summary.length > 0)).toBe(true);
  });

  it('describes responses that real answers validate against', async () => {
    const spec = (await (await fetch(`${svc.url}/api/openapi.json`)).json()) as Spec;
    const ajv = new Ajv({ strict: false, validateFormats: false });
    await fetch(`${svc.url}/api/simulate/insert-disc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"volume_label":"SCHEMA","simulate_ripping":false}' });
    for (const [path, url] of [['/api/jobs', '/api/jobs'], ['/api/jobs/history', '/api/jobs/history'], ['/api/jobs/stats', '/api/jobs/stats'], ['/api/jobs/{id}/detail', '/api/jobs/1/detail'], ['/api/config', '/api/config'], ['/api/asr-status', '/api/asr-status']] as const) {
      const schema = spec.paths[path]!.get!.responses['200']!.content!['application/json']!.schema;
      const body = await (await fetch(svc.url + url)).json();
      const valid = ajv.validate(schema, body);
      expect(valid, `${url}: ${JSON.stringify(ajv.errors)}`).toBe(true);
    }
  });
});
