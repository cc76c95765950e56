import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, buildOpenApiDocument, generateApiClient } from '../scripts/generate-api-client.ts';

describe('the generated API client', () => {
  it('is up to date with core routes and the SDK client messages (run `npm run generate:api --workspace @spindle/ui` when this fails)', async () => {
    const fresh = await generateApiClient();
    const committed = await readFile(GENERATED_FILE, 'utf8');
    expect(
      committed === fresh,
      'ui/src/lib/api/generated.ts is stale: run `npm run generate:api --workspace @spindle/ui`',
    ).toBe(true);
  });

  it('has one function per operation of the OpenAPI document, including the DEBUG routes', async () => {
    const doc = buildOpenApiDocument();
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    const source = await generateApiClient();
    for (const id of ids) expect(source).toMatch(new RegExp(`export function ${id}\\(`));
    for (const id of [
      'listJobs',
      'getJobDetail',
      'reviewTitle',
      'approveAll',
      'listHistory',
      'getStats',
      'getConfig',
      'updateConfig',
      'simulateInsertDisc',
    ]) {
      expect(ids).toContain(id);
    }
    expect(source).toContain('export type ClientMessage =');
    expect(source).toContain("type: 'fingerprint_disclosure_required';");
  });
});
