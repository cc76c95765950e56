import { describe, expect, it } from 'vitest';
import {
  emptyIdentity,
  throwIfAborted,
  type Identification,
  type Identifier,
  type Matcher,
  type MatchResult,
} from '../src/index.ts';
import {
  assertConformance,
  ConformanceError,
  identifierConformance,
  matcherConformance,
  sampleIdentifyInputs,
  sampleMatchInputs,
} from '../src/testing/index.ts';

interface Flaws {
  confidence?: number;
  plainError?: boolean;
  ignoreAbort?: boolean;
  mutate?: boolean;
  alwaysNull?: boolean;
}

function lengthIdentifier(flaws: Flaws = {}): Identifier {
  return {
    async identify(input, ctx): Promise<Identification | null> {
      if (!flaws.ignoreAbort) throwIfAborted(ctx.signal);
      if (flaws.plainError) throw new Error('boom');
      if (flaws.mutate) input.scan.titles.pop();
      if (flaws.alwaysNull) return null;
      const longest = Math.max(...input.scan.titles.map((t) => t.durationSeconds));
      return {
        contentType: longest > 4800 ? 'movie' : 'tv',
        source: 'heuristic',
        confidence: flaws.confidence ?? 0.6,
        ...emptyIdentity(),
        titleHints: input.scan.titles.map((t) => ({ titleIndex: t.index, role: 'extra', rip: true })),
        reviewReason: null,
        evidence: [`longest title ${longest}s`],
      };
    },
  };
}

function mappingMatcher(flaws: Flaws = {}): Matcher {
  return {
    async match(input, ctx): Promise<MatchResult | null> {
      if (!flaws.ignoreAbort) throwIfAborted(ctx.signal);
      if (flaws.plainError) throw new Error('matcher exploded');
      const mapping = input.job.discMappings?.find((m) => m.titleIndex === input.title.titleIndex);
      if (!mapping || flaws.alwaysNull) return null;
      return {
        kind: mapping.assignment,
        season: mapping.season,
        episode: mapping.episode,
        episodeEnd: mapping.episodeEnd,
        edition: null,
        confidence: flaws.confidence ?? 0.95,
        source: 'local_disc_lookup',
        components: [{ name: 'disc_lookup_mapping', value: 1, weight: 1 }],
        candidates: [],
      };
    },
  };
}

async function identifierFailures(flaws: Flaws): Promise<ConformanceError> {
  const error = await assertConformance(identifierConformance({ create: () => lengthIdentifier(flaws) })).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConformanceError);
  return error as ConformanceError;
}

async function matcherFailures(flaws: Flaws): Promise<ConformanceError> {
  const error = await assertConformance(matcherConformance({ create: () => mappingMatcher(flaws) })).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConformanceError);
  return error as ConformanceError;
}

describe('identifier conformance suite', () => {
  it('passes a well-behaved identifier', async () => {
    expect(await assertConformance(identifierConformance({ create: () => lengthIdentifier() }))).toHaveLength(4);
  });

  it('fails an identifier answering with confidence 2', async () => {
    expect((await identifierFailures({ confidence: 2 })).message).toContain(
      'identification.confidence is 2, above the maximum 1',
    );
  });

  it('fails an identifier that throws a plain Error', async () => {
    expect((await identifierFailures({ plainError: true })).message).toContain('threw Error: boom');
  });

  it('fails an identifier that ignores an aborted signal, mutates input, or never answers', async () => {
    expect((await identifierFailures({ ignoreAbort: true })).failures.map((f) => f.name)).toEqual([
      'identifier: an aborted signal rejects quickly with a coded error',
    ]);
    expect((await identifierFailures({ mutate: true })).message).toContain('identify() mutated its input');
    expect((await identifierFailures({ alwaysNull: true })).message).toContain('answered null for every canned input');
  });

  it('fails an identifier that answers an input listed as unanswerable', async () => {
    const checks = identifierConformance({
      create: () => lengthIdentifier(),
      unanswerable: sampleIdentifyInputs().slice(0, 1),
    });
    await expect(assertConformance(checks)).rejects.toThrow(
      /unanswerable input #1 \(SAMPLE_SHOW_S1_D1\) answered instead of null/,
    );
  });
});

describe('matcher conformance suite', () => {
  it('passes a well-behaved matcher', async () => {
    expect(await assertConformance(matcherConformance({ create: () => mappingMatcher() }))).toHaveLength(4);
  });

  it('fails a matcher that throws a plain Error', async () => {
    const error = await matcherFailures({ plainError: true });
    expect(error.message).toContain(
      'match() of title 0 threw Error: matcher exploded — every error a stage throws must be a coded SpindleError',
    );
  });

  it('fails a matcher with confidence outside 0–1 or that ignores abort', async () => {
    expect((await matcherFailures({ confidence: -0.1 })).message).toContain(
      'match.confidence is -0.1, below the minimum 0',
    );
    expect((await matcherFailures({ ignoreAbort: true })).message).toContain(
      'resolved although the signal was already aborted',
    );
  });

  it('fails a matcher that answers an unanswerable input', async () => {
    const checks = matcherConformance({
      create: () => mappingMatcher(),
      unanswerable: sampleMatchInputs().slice(0, 1),
    });
    await expect(assertConformance(checks)).rejects.toThrow(/unanswerable title 0 answered instead of null/);
  });
});
