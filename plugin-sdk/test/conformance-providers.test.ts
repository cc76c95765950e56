/** The provider conformance suites pass a conforming provider and name what a broken one does wrong. */
import { describe, expect, it } from 'vitest';
import type {
  AiProvider,
  CatalogProvider,
  DiscLookupProvider,
  Notifier,
  SubtitleProvider,
  Transcriber,
} from '@spindle/plugin-sdk';
import { InputError, throwIfAborted } from '@spindle/plugin-sdk';
import {
  aiConformance,
  assertConformance,
  catalogConformance,
  discLookupConformance,
  notifierContractConformance,
  subtitlesConformance,
  transcriberConformance,
} from '@spindle/plugin-sdk/testing';

const movie = { id: 7, title: 'Great Movie', originalTitle: null, year: 2001, popularity: 3, runtimeMinutes: 101 };
const goodCatalog = (): CatalogProvider => ({
  searchMovies: async (q) => (q.includes('Great') ? [movie] : []),
  searchShows: async () => [],
  getMovie: async (id) => (id === 7 ? movie : null),
  getShow: async () => null,
  getSeason: async () => null,
  status: () => ({ healthy: true, message: null }),
});

async function failures(checks: Parameters<typeof assertConformance>[0]): Promise<string> {
  const error = await assertConformance(checks).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as Error).message;
}

describe('provider conformance suites', () => {
  it('catalog: passes a conforming catalog; names a made-up answer and a malformed entry', async () => {
    await expect(
      assertConformance(catalogConformance({ create: goodCatalog, movieQuery: 'Great Movie' })),
    ).resolves.toHaveLength(4);
    const liar = (): CatalogProvider => ({
      ...goodCatalog(),
      getMovie: async () => movie,
      searchMovies: async () => [{ ...movie, id: -1, title: '' }],
    });
    const message = await failures(catalogConformance({ create: liar, movieQuery: 'Great Movie' }));
    expect(message).toContain('getMovie() of an unknown id answered');
    expect(message).toContain('entry #1.id -1 is not a positive integer');
    expect(message).toContain('entry #1.title is empty');
  });

  it('disc lookup: an answer for an unknown hash and a malformed result fail', async () => {
    const known = {
      contentType: 'movie' as const,
      title: 'Great Movie',
      year: null,
      catalogId: null,
      titleSlug: 'great-movie',
      discSlug: 'disc-1',
      discIndex: 1,
      mappings: [],
    };
    const good = (): DiscLookupProvider => ({ lookupByContentHash: async (h) => (h === 'abc' ? known : null) });
    await expect(assertConformance(discLookupConformance({ create: good, knownHash: 'abc' }))).resolves.toHaveLength(2);
    const bad = (): DiscLookupProvider => ({
      lookupByContentHash: async () => ({
        ...known,
        contentType: 'film' as never,
        mappings: [
          { titleIndex: 0, assignment: 'main' as never, season: null, episode: null, episodeEnd: null, name: null },
        ],
      }),
    });
    const message = await failures(discLookupConformance({ create: bad, knownHash: 'abc' }));
    expect(message).toContain('an unknown hash answered');
    expect(message).toContain('contentType film is not tv, movie or unknown');
    expect(message).toContain('mapping #1: assignment main is not one of');
  });

  it('subtitles: ignoring the abort signal fails', async () => {
    const lazy = (): SubtitleProvider => ({
      fetch: async () => null,
      quota: () => ({ remaining: null, resetsAt: null }),
    });
    expect(await failures(subtitlesConformance({ create: lazy }))).toContain(
      'fetch() resolved although the signal was already aborted',
    );
    const good = (): SubtitleProvider => ({
      fetch: async (_q, s) => (throwIfAborted(s), null),
      quota: () => ({ remaining: 5, resetsAt: null }),
    });
    await expect(assertConformance(subtitlesConformance({ create: good }))).resolves.toHaveLength(3);
  });

  it('transcriber: an uncoded error and a bad status fail', async () => {
    const bad = (): Transcriber => ({
      transcribe: async () => {
        throw new Error('boom');
      },
      status: () => ({ device: 'gpu' as never, computeType: 'x', model: 'm', ready: true, message: null }),
    });
    const message = await failures(transcriberConformance({ create: bad }));
    expect(message).toContain('status().device gpu is neither cpu nor cuda');
    expect(message).toContain('every error a stage throws must be a coded SpindleError');
  });

  it('ai: an answer that is not JSON fails', async () => {
    const bad = (): AiProvider => ({ completeJson: async (r) => (throwIfAborted(r.signal), undefined as never) });
    expect(await failures(aiConformance({ create: bad }))).toContain('the answer is undefined, not a JSON value');
  });

  it('notifier: a plain Error and a changed notification fail; a coded "not configured" passes', async () => {
    const bad = (): Notifier => ({
      send: async (n) => {
        (n as { summary: string }).summary = 'changed';
      },
      status: () => ({ configured: true, target: null }),
    });
    const message = await failures(notifierContractConformance({ create: bad }));
    expect(message).toContain('send(job_completed) mutated its input');
    expect(message).toContain('send() resolved although the signal was already aborted');
    const unconfigured = (): Notifier => ({
      send: async () => {
        throw new InputError('not_configured', 'No destination is set');
      },
      status: () => ({ configured: false, target: null }),
    });
    await expect(assertConformance(notifierContractConformance({ create: unconfigured }))).resolves.toHaveLength(3);
  });
});
