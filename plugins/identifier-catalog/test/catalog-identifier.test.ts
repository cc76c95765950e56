import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  IdentificationError,
  type DiscScan,
  type Identification,
  type IdentifyInput,
  type JobView,
  type JsonObject,
} from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob, sampleUnknownJob, type FakeContext } from '@spindle/plugin-sdk/testing';
import { CatalogIdentifier } from '../src/catalog-identifier.ts';
import { MemoryCatalog, movie, show } from './support/memory-catalog.ts';

const contexts: FakeContext[] = [];
afterEach(async () => Promise.all(contexts.splice(0).map((c) => c.dispose())));

const scanOf = (label: string, minutes: number[]): DiscScan => ({
  volumeLabel: label,
  discType: 'dvd',
  contentHash: null,
  titles: minutes.map((m, index) => ({ index, durationSeconds: m * 60, sizeBytes: 1, resolution: '480p' })),
});

async function identify(
  catalog: MemoryCatalog | null,
  label: string,
  minutes: number[],
  job: Partial<JobView> = {},
  options: { previous?: Identification[]; settings?: JsonObject } = {},
) {
  const ctx = await createFakeContext({
    settings: options.settings ?? {},
    ...(catalog ? { providers: { catalog } } : {}),
  });
  contexts.push(ctx);
  const input: IdentifyInput = {
    job: sampleUnknownJob(label, job),
    scan: scanOf(label, minutes),
    previous: options.previous ?? [],
  };
  return { answer: await new CatalogIdentifier().identify(input, ctx), ctx };
}

const tvCatalog = () =>
  new MemoryCatalog(
    [movie(10, 'Show Name: The Movie', 2010, 5, 101)],
    [
      show(1, 'Show Name', 2005, 50, { 1: [22, 22, 22, 22], 2: [22, 23, 22, 21] }),
      show(2, 'Show Name Reborn', 2020, 5, { 1: [45, 45] }),
    ],
  );

describe('CatalogIdentifier', () => {
  it('finds a show from a SHOW_NAME_S2_D1 label and checks season 2’s runtimes', async () => {
    const catalog = tvCatalog();
    const { answer } = await identify(catalog, 'SHOW_NAME_S2_D1', [22, 21.6, 22.5, 22.1, 88]);
    expect(answer).toMatchObject({
      contentType: 'tv',
      source: 'catalog',
      title: 'Show Name',
      catalogId: 1,
      catalogTitle: 'Show Name',
      year: 2005,
      season: 2,
      discNumber: 1,
      reviewReason: null,
    });
    expect(answer!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(catalog.calls).toEqual(['searchShows Show Name', 'getSeason 1 2', 'getSeason 2 2']);
    expect(answer!.evidence).toContain('Show Name Reborn has no season 2 in the catalog');
    expect(answer!.evidence.join('\n')).toContain('the label names season 2: searching shows');
  });

  it('expands DS9 through the alias table', async () => {
    const catalog = new MemoryCatalog([], [show(580, 'Star Trek: Deep Space Nine', 1993, 60, { 3: [45, 45, 44] })]);
    const { answer } = await identify(catalog, 'DS9_S3_D2', [45, 44.5, 45.2]);
    expect(answer).toMatchObject({
      contentType: 'tv',
      catalogId: 580,
      title: 'Star Trek: Deep Space Nine',
      season: 3,
      discNumber: 2,
    });
    expect(answer!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(catalog.calls[0]).toBe('searchShows DS9');
    expect(catalog.calls[1]).toBe('searchShows Star Trek: Deep Space Nine');
  });

  it('searches a catalogue-number label only when the aliases name it', async () => {
    const catalog = new MemoryCatalog([], [show(1044, 'Planet Earth', 2006, 40)]);
    expect(await identify(catalog, 'BBCDVD1550', [50, 50, 50]).then((r) => r.answer)).toBeNull();
    expect(catalog.calls).toEqual([]);
    const { answer } = await identify(
      catalog,
      'BBCDVD1550',
      [50, 50, 50],
      {},
      { settings: { aliases: { BBCDVD1550: 'Planet Earth' } } },
    );
    expect(answer).toMatchObject({ contentType: 'tv', catalogId: 1044 });
    expect(answer!.evidence[0]).toBe('catalogue number BBCDVD1550 is listed as "Planet Earth"');
  });

  it('picks the movie whose runtime the disc has, with the year from the catalog', async () => {
    const catalog = new MemoryCatalog([movie(438631, 'Dune', 2021, 120, 155), movie(841, 'Dune', 1984, 30, 137)]);
    const { answer } = await identify(catalog, 'DUNE', [137.2, 12, 5]);
    expect(answer).toMatchObject({
      contentType: 'movie',
      catalogId: 841,
      year: 1984,
      season: null,
      reviewReason: null,
    });
    expect(answer!.evidence.some((e) => e.startsWith('also considered: Dune (2021)'))).toBe(true);
  });

  it('holds the job for review when two entries fit about equally', async () => {
    const catalog = new MemoryCatalog([movie(1, 'Twin Film', 2001, 10, null), movie(2, 'Twin Film', 2002, 10, null)]);
    const { answer } = await identify(catalog, 'TWIN_FILM', [100]);
    expect(answer).toMatchObject({ holdForReview: true, catalogId: 1 });
    expect(answer!.confidence).toBeLessThan(0.8);
    expect(answer!.reviewReason).toMatch(
      /^several catalog entries match "Twin Film" about equally: Twin Film \(2001\) \[movie 1, \d+%\] and Twin Film \(2002\) \[movie 2, \d+%\]; say which one it is$/,
    );
  });

  it('uses a name an earlier identifier found when the label has none', async () => {
    const catalog = new MemoryCatalog([movie(7, 'A Christmas Carol', 1984, 8, 100)]);
    const earlier = {
      contentType: 'movie',
      source: 'ai',
      confidence: 0.6,
      title: 'A Christmas Carol',
      catalogId: null,
    } as Identification;
    const { answer } = await identify(
      catalog,
      'DVD_VIDEO',
      [100.6],
      {},
      {
        previous: [
          {
            ...earlier,
            year: null,
            season: null,
            discNumber: null,
            catalogTitle: null,
            discLookup: null,
            titleHints: [],
            ambiguousMovie: false,
            reviewReason: null,
            evidence: [],
          },
        ],
      },
    );
    expect(answer).toMatchObject({ contentType: 'movie', catalogId: 7 });
  });

  it('says nothing without a catalog, when the catalog is not configured, or for a generic label', async () => {
    expect((await identify(null, 'SHOW_S1', [22, 22, 22])).answer).toBeNull();
    const off = tvCatalog();
    off.currentStatus = { healthy: false, configured: false, message: 'catalog not configured: set catalog_api_key' };
    expect((await identify(off, 'SHOW_NAME_S1', [22, 22, 22])).answer).toBeNull();
    expect(off.calls).toEqual([]);
    expect((await identify(tvCatalog(), 'DVD_VIDEO', [22, 22, 22])).answer).toBeNull();
  });

  it('holds the job with the catalog’s own words when the catalog is degraded', async () => {
    const catalog = tvCatalog();
    catalog.currentStatus = {
      healthy: false,
      configured: true,
      message: 'catalog degraded: TMDB refused the Read Access Token (HTTP 401: Invalid API key)',
    };
    const { answer } = await identify(catalog, 'SHOW_NAME_S1', [22, 22, 22]);
    expect(answer).toMatchObject({
      contentType: 'unknown',
      confidence: 0,
      holdForReview: true,
      reviewReason: catalog.currentStatus.message,
    });
    expect(catalog.calls).toEqual([]);
  });

  it('holds the job when the catalog refuses the credential during the lookup', async () => {
    const catalog = tvCatalog();
    catalog.failure = new ConfigurationError(
      'catalog_unauthorized',
      'catalog degraded: TMDB refused the Read Access Token (HTTP 401: Invalid API key)',
    );
    const { answer } = await identify(catalog, 'SHOW_NAME_S1', [22, 22, 22]);
    expect(answer).toMatchObject({ holdForReview: true, reviewReason: catalog.failure.message });
  });

  it('turns other failures into evidence the chain survives', async () => {
    const catalog = tvCatalog();
    catalog.failure = new IdentificationError(
      'catalog_unavailable',
      'catalog lookup failed: TMDB answered HTTP 503 (Service offline.)',
      { retryable: true },
    );
    const { answer, ctx } = await identify(catalog, 'SHOW_NAME_S1', [22, 22, 22]);
    expect(answer).toMatchObject({
      contentType: 'unknown',
      confidence: 0,
      reviewReason: 'catalog lookup failed: TMDB answered HTTP 503 (Service offline.)',
    });
    expect(answer!.holdForReview).toBeUndefined();
    expect(ctx.logger.messages('warn')).toEqual(['catalog lookup failed; the next identifier decides']);
  });

  it('says so when the catalog has nothing that matches', async () => {
    const { answer } = await identify(tvCatalog(), 'NOTHING_LIKE_IT', [100]);
    expect(answer).toMatchObject({
      confidence: 0,
      reviewReason: 'the catalog has nothing that matches "Nothing Like It"',
    });
  });

  it('looks a declared catalog id up directly', async () => {
    const catalog = tvCatalog();
    const { answer } = await identify(catalog, 'WHATEVER', [22, 22, 22], {
      identityDeclared: true,
      contentType: 'tv',
      catalogId: 1,
      detectedSeason: 2,
    });
    expect(answer).toMatchObject({
      contentType: 'tv',
      confidence: 0.99,
      catalogId: 1,
      catalogTitle: 'Show Name',
      title: 'Show Name',
      season: 2,
    });
    expect(catalog.calls).toEqual(['getShow 1']);
    const missing = await identify(catalog, 'WHATEVER', [100], {
      identityDeclared: true,
      contentType: 'movie',
      catalogId: 99,
    });
    expect(missing.answer!.reviewReason).toBe('the catalog has no movie with id 99; check the declared catalog id');
  });

  it('searches a declared title in the declared kind only, and never holds the job', async () => {
    const catalog = new MemoryCatalog(
      [movie(1, 'Twin Film', 2001, 10), movie(2, 'Twin Film', 2002, 10)],
      [show(3, 'Twin Film', 2003, 90)],
    );
    const { answer } = await identify(catalog, 'X', [100], {
      identityDeclared: true,
      contentType: 'movie',
      detectedTitle: 'Twin Film',
      detectedYear: 2002,
    });
    expect(answer).toMatchObject({ contentType: 'movie', catalogId: 2, reviewReason: null });
    expect(catalog.calls.filter((c) => c.startsWith('search'))).toEqual(['searchMovies Twin Film 2002']);
  });

  it('stops when the job is cancelled', async () => {
    const ctx = await createFakeContext({ providers: { catalog: tvCatalog() }, aborted: true });
    contexts.push(ctx);
    await expect(
      new CatalogIdentifier().identify({ job: sampleJob(), scan: scanOf('SHOW_NAME_S1', [22]), previous: [] }, ctx),
    ).rejects.toMatchObject({ code: 'aborted' });
  });
});
