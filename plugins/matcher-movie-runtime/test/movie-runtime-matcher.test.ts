import { afterEach, describe, expect, it } from 'vitest';
import { resolutionHeight, type CatalogMovie, type CatalogProvider, type MatchInput } from '@spindle/plugin-sdk';
import {
  createFakeContext,
  createStage,
  sampleMatchInputs,
  type FakeContext,
  type FakeContextOptions,
} from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { editionFromName, extraTypeFromName, nameWords, titleNameWords } from '../src/title-names.ts';
import { FakeCatalog, movieInputs } from './support/movie-disc.ts';

const contexts: FakeContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.dispose()));
});
async function context(options: FakeContextOptions = {}) {
  const ctx = await createFakeContext(options);
  contexts.push(ctx);
  return ctx;
}
const matcher = () => createStage(plugin, 'matcher', 'movie-runtime');
const component = (result: { components: { name: string; value: number }[] } | null, name: string) =>
  result?.components.find((c) => c.name === name)?.value;

describe('movie-runtime matcher', () => {
  it('answers null for TV and unknown jobs', async () => {
    const m = await matcher();
    for (const input of sampleMatchInputs()) expect(await m.match(input, await context())).toBeNull();
    const [unknown] = movieInputs([{ min: 120 }]).map((i) => ({
      ...i,
      job: { ...i.job, contentType: 'unknown' as const },
    }));
    expect(await m.match(unknown!, await context())).toBeNull();
  });

  it('asks the catalog once per movie for all the titles of a disc', async () => {
    const m = await matcher();
    const catalog = new FakeCatalog(120);
    for (const input of movieInputs([{ min: 120 }, { min: 10 }, { min: 5 }, { min: 3 }]))
      await m.match(input, await context({ providers: { catalog } }));
    expect(catalog.calls).toBe(1);
  });

  it('matches by lengths alone when the catalog fails, is not configured, or the job has no catalog id', async () => {
    const m = await matcher();
    const failing = new FakeCatalog(120, new Error('catalog lookup failed: TMDB answered HTTP 500'));
    const ctx = await context({ providers: { catalog: failing } });
    const [feature] = movieInputs([{ min: 120 }, { min: 10 }]);
    const result = await m.match(feature!, ctx);
    expect(result).toMatchObject({ kind: 'main_movie', edition: null });
    expect(component(result, 'runtime_agreement')).toBe(0.4);
    expect(ctx.logger.entries.some((e) => e.level === 'warn' && e.message.includes('runtime'))).toBe(true);

    const off = new FakeCatalog(120);
    off.status = () => ({ healthy: false, message: null, configured: false });
    await (await matcher()).match(feature!, await context({ providers: { catalog: off } }));
    expect(off.calls).toBe(0);

    const noId = new FakeCatalog(120);
    const [withoutId] = movieInputs([{ min: 120 }], { catalogId: null });
    await (await matcher()).match(withoutId!, await context({ providers: { catalog: noId } }));
    expect(noId.calls).toBe(0);
  });

  it('stops promptly when aborted while the catalog is slow', async () => {
    const slow: CatalogProvider = Object.assign(new FakeCatalog(120), {
      getMovie: () => new Promise<CatalogMovie | null>(() => undefined),
    });
    const ctx = await context({ providers: { catalog: slow } });
    setTimeout(() => ctx.abort(), 50);
    const started = Date.now();
    await expect((await matcher()).match(movieInputs([{ min: 120 }])[0]!, ctx)).rejects.toMatchObject({
      code: 'aborted',
    });
    expect(Date.now() - started).toBeLessThan(5000); // the catalog never answers
  });

  it('takes its thresholds from the settings', async () => {
    const catalog = new FakeCatalog(120);
    const inputs: MatchInput[] = movieInputs([{ min: 121.5 }, { min: 10 }]);
    const strict = await context({
      providers: { catalog },
      settings: { runtime_tolerance_minutes: 1, extra_max_minutes: 5 },
    });
    const m = await matcher();
    const feature = await m.match(inputs[0]!, strict);
    expect(feature!.confidence).toBeLessThan(0.7);
    const clip = await m.match(inputs[1]!, strict);
    expect(clip).toMatchObject({ kind: 'extra' });
    expect(component(clip, 'length_rank')).toBe(0.6);
    const lenient = await m.match(inputs[0]!, await context({ providers: { catalog } }));
    expect(lenient!.confidence).toBeGreaterThanOrEqual(0.8);
  });
});

describe('title names', () => {
  it('reads editions and kinds of extras from file names, without the movie title', () => {
    const words = (file: string, title = 'Sample Movie') => titleNameWords(`/staging/job_1/${file}`, [title, null]);
    expect(words('Sample_Movie_t03.mkv')).toEqual([]);
    expect(editionFromName(words("Sample Movie (Director's Cut).mkv"))).toEqual({ label: "Director's Cut" });
    expect(editionFromName(words('Sample.Movie.Extended.Edition.2160p.mkv'))).toEqual({ label: 'Extended' });
    expect(editionFromName(words('Sample Movie - Theatrical.mkv'))).toEqual({ label: null });
    expect(editionFromName(words('Uncut Gems (2019).mkv', 'Uncut Gems'))).toBeNull();
    expect(editionFromName(words('Extended Scenes.mkv'))).toBeNull();
    expect(extraTypeFromName(words('Extended Scenes.mkv'))).toBe('deleted_scene');
    expect(extraTypeFromName(nameWords('Teaser Trailer 2'))).toBe('trailer');
    expect(extraTypeFromName(nameWords('Behind the Scenes'))).toBe('behind_the_scenes');
    expect(extraTypeFromName(nameWords('Gag Reel'))).toBe('other');
    expect(extraTypeFromName(nameWords('title_t04'))).toBeNull();
  });

  it('reads resolutions', () => {
    expect([
      resolutionHeight('2160p'),
      resolutionHeight('1920x1080'),
      resolutionHeight('4K'),
      resolutionHeight('576i'),
      resolutionHeight(null),
    ]).toEqual([2160, 1080, 2160, 576, 0]);
  });
});
