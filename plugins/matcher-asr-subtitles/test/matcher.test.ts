import type { JobView, MatchInput, ReferenceSubtitle, TitleView } from '@spindle/plugin-sdk';
import { AbortedError } from '@spindle/plugin-sdk';
import {
  createFakeContext,
  createStage,
  makeLavfiMedia,
  matcherConformance,
  runConformance,
  sampleJob,
} from '@spindle/plugin-sdk/testing';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import plugin from '../src/index.ts';
import { offsetOf, ReadingTranscriber } from './reading-transcriber.ts';
import { syntheticSeason } from './season-fixture.ts';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  spindle: { settingsSchema: object };
};
const settings: Record<string, unknown> = {};
new Ajv({ useDefaults: true, strict: false }).compile(manifest.spindle.settingsSchema)(settings);

const season = syntheticSeason(6);
let speaking: ReferenceSubtitle | null = null;
const transcriber = new ReadingTranscriber((wav) => (speaking ? { reference: speaking, offset: offsetOf(wav) } : null));
/** For the conformance suite: a title that always speaks episode 1. */
const episodeOne = new ReadingTranscriber((wav) => ({ reference: season[0]!, offset: offsetOf(wav) }));

// A real 4-minute MKV (silent; the reading transcriber supplies the "speech").
const media = join(mkdtempSync(join(tmpdir(), 'spindle-asr-')), 'silent.mkv');
await makeLavfiMedia(
  media,
  ['color=size=64x36:rate=1', 'anullsrc=r=8000:cl=mono'],
  ['-t', '240', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'],
);

const job = (fields: Partial<JobView> = {}): JobView => sampleJob({ contentType: 'tv', detectedSeason: 1, ...fields });
const title = (i: number, fields: Partial<TitleView> = {}): TitleView => ({
  id: i + 1,
  titleIndex: i,
  durationSeconds: 240,
  sizeBytes: 1,
  resolution: '480p',
  state: 'matching',
  filePath: media,
  isExtra: false,
  ...fields,
});
const input = (episodeIndex: number, fields: Partial<MatchInput> = {}): MatchInput => {
  const siblings = season.map((_, i) => title(i));
  return { job: job(), title: siblings[episodeIndex]!, siblings, previous: [], references: season, ...fields };
};
const context = () => createFakeContext({ providers: { transcriber }, appSettings: { subtitle_language: 'en' } });
const matcher = () => createStage(plugin, 'matcher', 'asr-subtitles', { settings: settings as never });

describe('asr-subtitles matcher', () => {
  it('matches the episode whose dialogue the title speaks, explained by named components', async () => {
    const m = await matcher();
    speaking = season[3]!;
    const ctx = await context();
    const result = (await m.match(input(3), ctx))!;
    expect(result).toMatchObject({ kind: 'episode', season: 1, episode: 4, source: 'local_asr' });
    expect(result.confidence).toBeGreaterThanOrEqual(0.7);
    expect(result.components.map((c) => c.name)).toContain('vote_consensus');
    expect(result.candidates[0]).toMatchObject({ episode: 4 });
    expect(ctx.progress.updates.every((u) => u.fraction >= 0 && u.fraction <= 1)).toBe(true);
  });

  it('stops listening once the answer is clear, and never transcribes the same chunk twice', async () => {
    const m = await matcher();
    speaking = season[1]!;
    const ctx = await context();
    const before = transcriber.calls;
    await m.match(input(1), ctx);
    const first = transcriber.calls - before;
    expect(first).toBeLessThan(6); // 6 chunks were planned
    await m.match(input(1), ctx); // same file, same offsets, same model: all from the cache
    expect(transcriber.calls - before).toBe(first);
  });

  it('says nothing without references, for movies, and for titles too short to be episodes', async () => {
    const m = await matcher();
    const ctx = await context();
    expect(await m.match(input(0, { references: [] }), ctx)).toBeNull();
    expect(await m.match(input(0, { job: job({ contentType: 'movie' }) }), ctx)).toBeNull();
    expect(await m.match(input(0, { title: title(0, { durationSeconds: 30 }) }), ctx)).toBeNull();
  });

  it('sends a title whose speech matches nothing to review (low confidence)', async () => {
    const m = await matcher();
    speaking = null; // silence
    const result = await m.match(input(2), await context());
    expect(result === null || result.confidence < 0.5).toBe(true);
  });

  it('answers an extra that speaks no episode as an extra, and one that clearly does as that episode', async () => {
    const m = await matcher();
    speaking = null;
    const quiet = await m.match(input(4, { title: title(4, { isExtra: true }) }), await context());
    expect(quiet).toMatchObject({ kind: 'extra', episode: null, candidates: [] });
    speaking = season[4]!;
    const ctx = await createFakeContext({
      providers: { transcriber },
      appSettings: { subtitle_language: 'en', match_auto_accept_threshold: 0.7 },
    });
    const spoken = (await m.match(input(4, { title: title(4, { isExtra: true }) }), ctx))!;
    if (spoken.kind === 'episode') expect(spoken).toMatchObject({ episode: 5 });
    expect(spoken.kind === 'extra' || spoken.confidence >= 0.95).toBe(true);
  });

  it('fails with a coded error when no transcriber is configured, and stops on abort', async () => {
    const m = await matcher();
    const bare = await createFakeContext({ appSettings: { subtitle_language: 'en' } });
    await expect(m.match(input(0), bare)).rejects.toMatchObject({ code: 'no_transcriber' });
    const ctx = await context();
    ctx.abort();
    await expect(m.match(input(0), ctx)).rejects.toBeInstanceOf(AbortedError);
  });
});

runConformance(
  matcherConformance({
    create: matcher,
    inputs: [0, 2].map((i) => input(i)),
    unanswerable: [input(0, { references: [] })],
    context: { providers: { transcriber: episodeOne }, appSettings: { subtitle_language: 'en' } },
  }),
  { describe, it },
  'matcher-asr-subtitles conformance',
);
