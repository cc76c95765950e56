/**
 * A folder of real MKVs through the real pipeline with real plugins: the folder ripper (ffprobe),
 * a third-party identifier loaded from outside the workspace and chosen only by configuration,
 * the disc-lookup matcher (no mappings → review), review decisions through the API, and the
 * library organizer moving the files into TV/Show/Season 01.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventually } from './support/http-client.ts';
import { notesOf, statesOf, THROUGH_REVIEW, type TimelineEvent } from './support/job-timeline.ts';
import { makeLongMkv } from './support/make-media.ts';
import { pluginsFor } from './support/configured-plugins.ts';
import { startTestService, type TestService } from './support/service-harness.ts';

const THIRD_PARTY = fileURLToPath(new URL('./fixtures/third-party-plugins', import.meta.url));

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let staging: string;
let library: string;

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'spindle-pipeline-'));
  staging = join(root, 'staging');
  library = join(root, 'library');
  await mkdir(join(library, 'TV'), { recursive: true });
  await mkdir(join(library, 'Movies'), { recursive: true });
  await mkdir(join(staging, 'MY_SHOW_D1'), { recursive: true });
  await Promise.all([1312, 1290, 1335].map((s, i) => makeLongMkv(join(staging, 'MY_SHOW_D1', `title_t0${i}.mkv`), s)));
  svc = await startTestService({
    pluginPaths: [THIRD_PARTY],
    config: {
      staging_path: staging,
      library_tv_path: join(library, 'TV'),
      library_movies_path: join(library, 'Movies'),
      // no detectors: this test imports through the API (the watcher has test/staging-watcher-service.test.ts)
      pipeline: { identifiers: ['label', 'heuristic'], detectors: [] },
      plugin_settings: {
        'label-identifier': { labels: { MY_SHOW_D1: { content_type: 'tv', title: 'My Show', season: 1 } } },
      },
    },
  });
  api = apiClient(svc.url);
}, 120_000);

afterAll(() => svc?.close());

describe('a folder job through the configured pipeline', () => {
  it('loads the third-party plugin from its folder, selected by configuration alone', async () => {
    const expected = pluginsFor(svc.service.config.get().pipeline, [THIRD_PARTY]);
    expect(expected).toContain('label-identifier');
    expect((await api.get('/api/health')).body.plugins_loaded).toBe(expected.length);
    const loaded = svc.service.registry.plugins
      .filter((p) => p.status === 'loaded')
      .map((p) => p.id)
      .sort();
    expect(loaded).toEqual(expected);
    const unusable = svc.service.registry.plugins
      .filter((p) => p.status === 'invalid')
      .map((p) => p.packageName)
      .sort();
    expect(unusable).toContain('spindle-plugin-future'); // discovered, reported, never imported
  });

  it('identifies, rips in place, asks for review, and files the episodes into the library', async () => {
    const created = await api.post('/api/staging/import', { staging_path: join(staging, 'MY_SHOW_D1'), mode: 'move' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const review = await eventually(
      () => api.get(`/api/jobs/${id}`),
      (r) => ['review_needed', 'failed'].includes(r.body.state),
      60_000,
    );
    expect(review.body).toMatchObject({
      state: 'review_needed',
      content_type: 'tv',
      detected_title: 'My Show',
      detected_season: 1,
      classification_source: 'heuristic',
      classification_confidence: 0.9,
    });
    expect(review.body.review_reason).toContain('3 title(s) could not be matched');
    expect(review.body.review_reason).toContain('no reference subtitles were found for this season');
    const detail = (await api.get(`/api/jobs/${id}/detail`)).body;
    expect(detail.identification.map((a: { evidence: string[] }) => a.evidence.length > 0)).toEqual([true]); // the label plugin answered first, confidently
    const titles = detail.titles as {
      id: number;
      title_index: number;
      duration_seconds: number;
      resolution: string;
      state: string;
    }[];
    expect(titles.map((t) => [t.title_index, Math.round(t.duration_seconds), t.resolution, t.state])).toEqual([
      [0, 1312, '72p', 'review'],
      [1, 1290, '72p', 'review'],
      [2, 1335, '72p', 'review'],
    ]);
    for (const [i, t] of titles.entries()) {
      const res = await api.post(`/api/jobs/${id}/review`, { title_id: t.id, episode_code: `S01E0${i + 1}` });
      expect(res.status).toBe(200);
    }
    const done = await eventually(
      () => api.get(`/api/jobs/${id}`),
      (r) => ['completed', 'failed'].includes(r.body.state),
      60_000,
    );
    expect(done.body).toMatchObject({ state: 'completed', library_path: join(library, 'TV', 'My Show') });
    const season = join(library, 'TV', 'My Show', 'Season 01');
    expect((await readdir(season)).sort()).toEqual([
      'My Show - S01E01.mkv',
      'My Show - S01E02.mkv',
      'My Show - S01E03.mkv',
    ]);
    await eventually(
      async () => existsSync(join(staging, 'MY_SHOW_D1')),
      (exists) => !exists,
      10_000,
    ); // staging cleanup on success
    const finalTitles = (await api.get(`/api/jobs/${id}/titles`)).body as { state: string; organized_path: string }[];
    expect(finalTitles.map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
    expect(finalTitles.every((t) => existsSync(t.organized_path))).toBe(true);
    const timeline = (
      await eventually(
        () => api.get(`/api/jobs/${id}/detail`),
        (r) => (r.body.timeline as TimelineEvent[]).some((e) => e.message?.startsWith('staging cleanup')),
      )
    ).body.timeline as TimelineEvent[];
    expect(statesOf(timeline)).toEqual([...THROUGH_REVIEW, 'completed']);
    expect(notesOf(timeline)).toEqual([
      'title 0 → S01E01 (review)',
      'title 1 → S01E02 (review)',
      'title 2 → S01E03 (review)',
      `staging cleanup (on_success): removed the emptied folder ${join(staging, 'MY_SHOW_D1')}`,
    ]);
  });

  it('fails a job with the full stage error when the folder is unusable', async () => {
    const broken = join(staging, 'BROKEN_D1');
    await mkdir(broken);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(broken, 'not-really.mkv'), 'this is not a matroska file');
    const created = await api.post('/api/staging/import', {
      staging_path: broken,
      content_type: 'movie',
      detected_title: 'Broken',
    });
    const failed = await eventually(
      () => api.get(`/api/jobs/${created.body.id}`),
      (r) => ['failed', 'completed'].includes(r.body.state),
      30_000,
    );
    expect(failed.body.state).toBe('failed');
    expect(failed.body.error_message).toContain('not-really.mkv');
  });
});
