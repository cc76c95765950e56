/**
 * A declared identity decides how the heuristic reads the titles (issue 17): a folder declared as a
 * series, holding two ~22-minute episodes 1 % apart in length (more than the heuristic's "same
 * broadcast slot" margin, so by durations alone they read as two extras), reaches the rip choice with
 * both titles as episode candidates, not extras — through the public API, the real pipeline, the
 * folder ripper and real MKV files.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFolder, tvSeason, untilSettled } from './support/folder-import.ts';
import { apiClient } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';
import { libraryFoldersUnder } from './support/library-folders.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let staging: string;

interface WireTitle {
  title_index: number;
  role: string | null;
  is_extra: boolean;
  selected: boolean;
}

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'spindle-declared-kind-'));
  const folders = await libraryFoldersUnder(root);
  staging = folders.staging_path;
  await mkdir(join(staging, 'TWO_EPISODES'), { recursive: true });
  await makeLongMkv(join(staging, 'TWO_EPISODES', 'title_t00.mkv'), 1320);
  await makeLongMkv(join(staging, 'TWO_EPISODES', 'title_t01.mkv'), 1334);
  svc = await startTestService({ config: { ...folders, staging_cleanup_policy: 'manual' } });
  api = apiClient(svc.url);
}, 120_000);
afterAll(() => svc?.close());

describe('a declared series folder of two episodes of unequal length', () => {
  it('is read as two episodes, not two extras', async () => {
    const folder = join(staging, 'TWO_EPISODES');
    const id = await importFolder(api, {
      staging_path: folder,
      ...tvSeason('Twin Show'),
      mode: 'copy',
      ask_which_titles: true,
    });
    const held = await untilSettled(api, `/api/jobs/${id}`, 90_000);
    expect(held.body).toMatchObject({ state: 'review_needed', review_kind: 'rip_choice', content_type: 'tv' });
    const titles = (await api.get(`/api/jobs/${id}/titles`)).body as WireTitle[];
    expect(titles.map((t) => [t.title_index, t.role, t.is_extra, t.selected])).toEqual([
      [0, 'episode_candidate', false, true],
      [1, 'episode_candidate', false, true],
    ]);
  }, 120_000);
});
