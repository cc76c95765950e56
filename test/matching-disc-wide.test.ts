/**
 * End to end through the service (issue 23): a disc whose titles all claim distinct episodes with
 * clear margins completes without review — matched by the real asr-subtitles matcher with
 * pocketsphinx, judged together by the disc-wide pass, and filed into the library. The Play All
 * and the short extra are left out by the identifier's layout, as on a real disc.
 */
import { cp, mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSeasonCorpus, type SeasonCorpus } from './corpus/season-corpus.ts';
import { GENERATED_SEASON, importAndSettle } from './support/folder-import.ts';
import { apiClient } from './support/http-client.ts';
import { startTestService, type TestService } from './support/service-harness.ts';
import { libraryFoldersUnder } from './support/library-folders.ts';

let corpus: SeasonCorpus;
let root: string;
let svc: TestService | undefined;

beforeAll(async () => {
  corpus = await buildSeasonCorpus({ episodes: 8 });
  root = await mkdtemp(join(tmpdir(), 'spindle-disc-wide-'));
  for (const dir of ['staging', 'library/TV', 'library/Movies', 'subs'])
    await mkdir(join(root, dir), { recursive: true });
  await cp(corpus.srtDir, join(root, 'subs'), { recursive: true });
}, 900_000);

afterAll(async () => {
  await svc?.close();
});

describe('disc-wide matching through the service', () => {
  it('completes a disc of distinct, clearly matched episodes without review', async () => {
    const disc = join(root, 'staging', 'GENERATED_CHRONICLES_S1_D1');
    await cp(corpus.discDir, disc, { recursive: true });
    svc = await startTestService({
      config: {
        ...(await libraryFoldersUnder(root)),
        pipeline: {
          matchers: ['asr-subtitles'],
          providers: { subtitles: ['local-folder'], transcriber: ['pocketsphinx'] },
        },
        plugin_settings: {
          'subtitles-local-folder': { folder: join(root, 'subs') },
          'identifier-heuristic': { short_title_max_seconds: 40, episode_min_minutes: 1, short_episode_min_minutes: 1 },
        },
      },
    });
    const api = apiClient(svc.url);
    const seen = new Set<string>();
    const end = await importAndSettle(api, { staging_path: disc, ...GENERATED_SEASON }, 900_000, seen);
    const job = end.body;
    const titles = (await api.get(`/api/jobs/${job.id}/titles`)).body as {
      title_index: number;
      state: string;
      matched_episode: string | null;
      match_confidence: number | null;
    }[];
    expect(end.body.state, `${end.body.review_reason ?? end.body.error_message ?? ''}\n${JSON.stringify(titles)}`).toBe(
      'completed',
    );
    expect(seen.has('review_needed')).toBe(false);
    const season = join(root, 'library', 'TV', 'Generated Chronicles', 'Season 01');
    expect((await readdir(season)).sort()).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((e) => `Generated Chronicles - S01E0${e}.mkv`),
    );
    const details = (await api.get(`/api/jobs/${job.id}/titles`)).body as {
      match_details: { components: { name: string }[] } | null;
      matched_episode: string | null;
    }[];
    const episode = details.find((t) => t.matched_episode)!;
    expect(episode.match_details!.components.map((c) => c.name)).toContain('joint_assignment');
  }, 1_200_000);
});
