import { afterEach, describe, expect, it } from 'vitest';
import { extraTypeByLength, type CatalogProvider, type MatchResult } from '@spindle/plugin-sdk';
import { createFakeContext, createStage, validateMatchResult, type FakeContext } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { FakeCatalog, movieInputs } from './support/movie-disc.ts';
import { AUTO_ACCEPT, LAYOUTS, type Layout } from './support/movie-layout-cases.ts';

const contexts: FakeContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.dispose()));
});

async function matchAll(layout: Layout): Promise<Map<number, MatchResult | null>> {
  const matcher = await createStage(plugin, 'matcher', 'movie-runtime');
  const catalog: CatalogProvider | undefined =
    layout.runtime === undefined ? undefined : new FakeCatalog(layout.runtime);
  const results = new Map<number, MatchResult | null>();
  for (const input of movieInputs(layout.titles, layout.title ? { title: layout.title } : {})) {
    const ctx = await createFakeContext(catalog ? { providers: { catalog } } : {});
    contexts.push(ctx);
    results.set(input.title.titleIndex, input.title.filePath === null ? null : await matcher.match(input, ctx));
  }
  return results;
}

describe('movie-runtime matcher: disc layouts', () => {
  it('covers at least 12 layouts', () => expect(LAYOUTS.length).toBeGreaterThanOrEqual(12));

  it.each(LAYOUTS.map((l) => [l.name, l] as const))('%s', async (_name, layout) => {
    const results = await matchAll(layout);
    for (const [index, expected] of Object.entries(layout.expect)) {
      const result = results.get(Number(index)) ?? null;
      const where = `title ${index}: ${JSON.stringify(result)}`;
      if (expected === null) {
        expect(result, where).toBeNull();
        continue;
      }
      expect(result, where).not.toBeNull();
      expect(validateMatchResult(result), where).toEqual([]);
      expect(result!.kind, where).toBe(expected.kind);
      if (expected.edition !== undefined) expect(result!.edition, where).toBe(expected.edition);
      if (expected.extraType) expect(result!.extraType, where).toBe(expected.extraType);
      else if (expected.kind === 'extra')
        expect(result!.extraType, where).toBe(extraTypeByLength(layout.titles[Number(index)]!.min * 60, false));
      if (expected.review) expect(result!.confidence, where).toBeLessThan(AUTO_ACCEPT);
      else expect(result!.confidence, where).toBeGreaterThanOrEqual(Math.max(AUTO_ACCEPT, expected.atLeast ?? 0));
      expect(
        result!.components.map((c) => c.name),
        where,
      ).toEqual(expect.arrayContaining(['runtime_agreement', 'length_rank', 'uniqueness']));
      if (expected.review) expect(result!.candidates.length, where).toBeGreaterThan(1);
    }
    // Never two accepted theatrical main features, and never two accepted titles of one edition.
    const accepted = [...results.values()].filter(
      (r): r is MatchResult => r !== null && r.kind === 'main_movie' && r.confidence >= AUTO_ACCEPT,
    );
    const editions = accepted.map((r) => r.edition ?? 'theatrical');
    expect(new Set(editions).size).toBe(editions.length);
  });
});
