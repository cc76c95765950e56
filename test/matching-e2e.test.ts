/**
 * Episode matching through the real service: a generated season's disc imported from staging,
 * reference subtitles downloaded from a local OpenSubtitles stand-in until its quota runs out
 * (said plainly on the job), the rest uploaded through the API, speech recognised by pocketsphinx,
 * and the episodes filed into the library under the right names. Also: a missing ffmpeg.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startOpenSubtitlesServer,
  TEST_API_KEY,
  type OpenSubtitlesServer,
} from '../plugins/subtitles-opensubtitles/test/support/opensubtitles-server.ts';
import { buildSeasonCorpus, type SeasonCorpus } from './corpus/season-corpus.ts';
import { GENERATED_SEASON, importAndSettle } from './support/folder-import.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { startTestService, type TestService } from './support/service-harness.ts';
import { libraryFoldersUnder } from './support/library-folders.ts';

const SHOW_ID = 4242;
let corpus: SeasonCorpus;
let subtitles: OpenSubtitlesServer;
let root: string;
const services: TestService[] = [];

async function srtOf(episode: number): Promise<string> {
  return readFile(join(corpus.srtDir, `${corpus.show}.S01E${String(episode).padStart(2, '0')}.srt`), 'utf8');
}

beforeAll(async () => {
  corpus = await buildSeasonCorpus({ episodes: 8 });
  root = await mkdtemp(join(tmpdir(), 'spindle-match-e2e-'));
  for (const dir of ['staging', 'library/TV', 'library/Movies']) await mkdir(join(root, dir), { recursive: true });
  const files = [];
  for (let e = 1; e <= 8; e++) {
    files.push({
      id: 100 + e,
      fileId: 9000 + e,
      language: 'en',
      type: 'episode' as const,
      parentTmdbId: SHOW_ID,
      season: 1,
      episode: e,
      fileName: `Chronicles.S01E0${e}.srt`,
      content: await srtOf(e),
    });
  }
  subtitles = await startOpenSubtitlesServer({ apiKey: TEST_API_KEY, subtitles: files, allowedDownloads: 5 });
}, 300_000);

afterAll(async () => {
  for (const s of services) await s.close();
  await subtitles?.close();
});

describe('matching end to end', () => {
  it('downloads subtitles until the quota is spent, says so, continues with uploaded SRTs, and files every episode', async () => {
    const disc = join(root, 'staging', 'GENERATED_CHRONICLES_S1_D1');
    await cp(corpus.discDir, disc, { recursive: true });
    const svc = await startTestService({
      config: {
        ...(await libraryFoldersUnder(root)),
        pipeline: {
          matchers: ['asr-subtitles'],
          providers: { subtitles: ['opensubtitles'], transcriber: ['pocketsphinx'] },
        },
        plugin_settings: {
          'subtitles-opensubtitles': { api_key: TEST_API_KEY, base_url: `${subtitles.url}/api/v1` },
          // The generated episodes are about 90 s long: scale the duration heuristics down to them.
          'identifier-heuristic': { short_title_max_seconds: 40, episode_min_minutes: 1, short_episode_min_minutes: 1 },
        },
      },
    });
    services.push(svc);
    const api = apiClient(svc.url);
    const review = await importAndSettle(
      api,
      { staging_path: disc, ...GENERATED_SEASON, catalog_id: SHOW_ID },
      240_000,
    );
    const job = review.body;
    expect(review.body).toMatchObject({
      state: 'review_needed',
      subtitle_status: 'quota_exhausted',
      subtitles_downloaded: 5,
      subtitles_total: 8,
      subtitles_failed: 3,
    });
    expect(review.body.review_reason).toContain(
      'the subtitle download quota is spent (5 of 8 episodes have subtitles)',
    );
    expect(JSON.stringify(review.body)).not.toContain(TEST_API_KEY);

    // The three missing episodes' subtitles, uploaded by hand: the job matches again.
    const upload = await api.post(`/api/jobs/${job.id}/subtitles`, {
      files: await Promise.all([6, 7, 8].map(async (e) => ({ episode_code: `S01E0${e}`, srt: await srtOf(e) }))),
    });
    expect(upload.status).toBe(200);
    expect(upload.body.state).toBe('matching');
    const again = await eventually(
      () => api.get(`/api/jobs/${job.id}`),
      (r) => ['review_needed', 'failed', 'completed'].includes(r.body.state),
      240_000,
    );
    expect(['review_needed', 'completed']).toContain(again.body.state);
    const titles = (await api.get(`/api/jobs/${job.id}/titles`)).body as {
      id: number;
      title_index: number;
      state: string;
      matched_episode: string | null;
    }[];
    for (const t of corpus.titles) {
      const row = titles.find((x) => x.title_index === t.titleIndex)!;
      if (t.truth.kind === 'episode') {
        expect(['matched', 'completed'], `title ${t.titleIndex} is ${row.state}`).toContain(row.state);
        expect(row.matched_episode, `title ${t.titleIndex}`).toBe(`S01E0${t.truth.episode}`);
      } else expect(row.matched_episode, `${t.truth.kind} must not be matched as an episode`).toBeNull();
    }
    // Whatever still waits for a person (nothing, when the Play All and the extra were never ripped) is left out.
    for (const row of titles.filter((x) => x.state === 'review'))
      await api.post(`/api/jobs/${job.id}/review`, { title_id: row.id, skip: true });
    const done = await eventually(
      () => api.get(`/api/jobs/${job.id}`),
      (r) => ['completed', 'failed'].includes(r.body.state),
      60_000,
    );
    expect(done.body.state).toBe('completed');
    const season = join(root, 'library', 'TV', 'Generated Chronicles', 'Season 01');
    expect((await readdir(season)).sort()).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((e) => `Generated Chronicles - S01E0${e}.mkv`),
    );
  }, 600_000);

  it('fails the job with a clear message when ffmpeg cannot be run', async () => {
    const disc = join(root, 'staging', 'NO_FFMPEG');
    await mkdir(disc, { recursive: true });
    const first = corpus.titles.find((t) => t.truth.kind === 'episode')!;
    await cp(first.file, join(disc, 'title_t00.mkv'));
    const subs = join(root, 'subs');
    await mkdir(subs, { recursive: true });
    await writeFile(join(subs, 'Generated Chronicles.S01E01.srt'), await srtOf(1));
    const notAProgram = join(root, 'ffmpeg-is-not-here.txt');
    await writeFile(notAProgram, 'not a program');
    const svc = await startTestService({
      config: {
        staging_path: join(root, 'staging'),
        media_tool_path: notAProgram,
        pipeline: {
          matchers: ['asr-subtitles'],
          providers: { subtitles: ['local-folder'], transcriber: ['pocketsphinx'] },
        },
        plugin_settings: { 'subtitles-local-folder': { folder: subs } },
      },
    });
    services.push(svc);
    const api = apiClient(svc.url);
    const failed = await importAndSettle(api, { staging_path: disc, ...GENERATED_SEASON }, 60_000);
    expect(failed.body.state).toBe('failed');
    // The first tool needed (ffprobe, to read the titles) is already missing: said plainly, with the fix.
    expect(failed.body.error_message).toMatch(/ff(mpeg|probe) (could not be started|was not found)/);
    expect(failed.body.error_message).toContain('media_tool_path');
  }, 120_000);
});
