/** Steps 2 and 3 of the end-to-end scenario: the movie disc through review, and a folder dropped into staging. */
import { existsSync } from 'node:fs';
import { cp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { eventually } from '../../support/http-client.ts';
import { THROUGH_REVIEW } from '../../support/job-timeline.ts';
import type { FixtureDisc } from '../support/fixture-discs.ts';
import { duration, expectDiscAccounted, expectRipProgress } from '../support/e2e-expect.ts';
import {
  api,
  filesUnder,
  FOLDER_MOVIE_ID,
  fx,
  insert,
  jobs,
  library,
  linux,
  MOVIE_ID,
  newDiscJob,
  settle,
  staging,
  STRAIGHT,
  takeOut,
  timings,
  titlesOf,
  transitions,
  ws,
  type Job,
} from '../support/e2e-world.ts';

/** The movie disc with two cuts (review, then the chosen edition filed) and the staging folder import. */
export function movieAndFolderSteps(): void {
  it('2. the movie disc: two cuts of feature length → review → chosen through the API → filed with the edition tag', async () => {
    const t0 = Date.now();
    const disc = fx.movieBluray;
    const cut = (edition: string | null) =>
      disc.titles.find((t) => t.truth.kind === 'main_movie' && t.truth.edition === edition)!;
    await insert(disc);
    const created = await newDiscJob(disc.label);
    jobs.movie = created.id;
    await ws.waitFor(
      (m) => m.type === 'drive_event' && m.event === 'inserted' && m.volume_label === disc.label,
      10_000,
    );
    const review = await settle(created.id, ['review_needed', 'completed', 'failed']);
    expect(review).toMatchObject({
      state: 'review_needed',
      content_type: 'movie',
      catalog_id: MOVIE_ID,
      detected_title: 'Lantern Harbor',
      content_hash: disc.contentHash,
    });
    expect(review.review_reason).toMatch(/^2 title\(s\) could not be matched with enough confidence/);
    await ws.waitFor((m) => m.type === 'job_update' && m.job_id === created.id && m.state === 'review_needed', 5000);
    const waiting = await titlesOf(created.id);
    const inReview = waiting.filter((t) => t.state === 'review');
    expect(inReview.map((t) => t.title_index).sort()).toEqual([cut(null).index, cut('Extended').index].sort());
    expect(inReview.every((t) => t.match_details?.kind === 'main_movie' && (t.match_confidence ?? 1) < 0.7)).toBe(true);

    const row = (index: number) => waiting.find((t) => t.title_index === index)!;
    const extended = await api.post(`/api/jobs/${created.id}/review`, {
      title_id: row(cut('Extended').index).id,
      edition: 'Extended',
    });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ edition: 'Extended', match_source: 'user_review' });
    const theatrical = await api.post(`/api/jobs/${created.id}/review`, {
      title_id: row(cut(null).index).id,
      edition: null,
    });
    expect(theatrical.status).toBe(200);
    const done = await settle(created.id, ['completed', 'failed']);
    timings.movie = Date.now() - t0;
    expect(done).toMatchObject({
      state: 'completed',
      error_message: null,
      library_path: join(library.path, 'Movies', 'Lantern Harbor (2004)'),
    });

    const folder = join(library.path, 'Movies', 'Lantern Harbor (2004)');
    const moviePath = (t: FixtureDisc['titles'][number]) =>
      t.truth.kind === 'main_movie'
        ? join(folder, `Lantern Harbor (2004)${t.truth.edition ? ` {edition-${t.truth.edition}}` : ''}.mkv`)
        : null;
    await expectDiscAccounted(disc, created.id, moviePath);
    expect(await filesUnder(folder)).toEqual([
      'Lantern Harbor (2004) {edition-Extended}.mkv',
      'Lantern Harbor (2004).mkv',
    ]);
    // The right cut under each name.
    expect(await duration(moviePath(cut('Extended'))!)).toBeCloseTo(cut('Extended').seconds, -1);
    expect(await duration(moviePath(cut(null))!)).toBeCloseTo(cut(null).seconds, -1);
    const timeline = (
      (await api.get(`/api/jobs/${created.id}/detail`)).body as { timeline: { message: string }[] }
    ).timeline.map((e) => e.message);
    expect(timeline).toEqual(
      expect.arrayContaining([
        `title ${cut('Extended').index} → main feature {edition-Extended} (review)`,
        `title ${cut(null).index} → main feature (review)`,
      ]),
    );
    expect(await transitions(created.id)).toEqual([...THROUGH_REVIEW, 'completed']);
    expectRipProgress(created.id, 4);
    await eventually(
      async () => existsSync(join(staging, `job_${created.id}`)),
      (exists) => !exists,
      10_000,
    );
    await eventually(
      () => linux.ejectCalls(),
      (calls) => calls.length === 3,
      10_000,
    );
    await takeOut();
  }, 240_000);

  it('3. a folder dropped into staging: imported by the watcher and filed', async () => {
    const t0 = Date.now();
    const drop = fx.stagingMovie;
    await cp(drop.folder, join(staging, drop.label), { recursive: true });
    const listed = await eventually(
      () => api.get<Job[]>('/api/jobs'),
      (r) => r.body.some((j) => j.source_kind === 'folder'),
      30_000,
    );
    const created = listed.body.find((j) => j.source_kind === 'folder')!;
    jobs.folder = created.id;
    expect(created).toMatchObject({
      volume_label: drop.label,
      drive_id: null,
      staging_path: join(staging, drop.label),
    });
    const done = await settle(created.id, ['completed', 'failed', 'review_needed']);
    timings.folder = Date.now() - t0;
    expect(done).toMatchObject({
      state: 'completed',
      error_message: null,
      content_type: 'movie',
      classification_source: 'catalog',
      catalog_id: FOLDER_MOVIE_ID,
      content_hash: null,
    });
    const main = join(library.path, 'Movies', 'Harbor Lights (2003)', 'Harbor Lights (2003).mkv');
    const titles = await titlesOf(created.id);
    expect(titles.map((t) => [t.output_filename, t.state, t.match_details?.kind, t.organized_path])).toEqual([
      ['title_t00.mkv', 'completed', 'main_movie', main],
      ['title_t01.mkv', 'completed', 'extra', null],
    ]);
    expect(await duration(main)).toBeCloseTo(drop.files[0]!.seconds, -1);
    expect(await transitions(created.id)).toEqual(STRAIGHT);
    // Imported once. The trailer, left out by the default extras policy (not by a person), is the person's file:
    // the cleanup keeps it in the folder and says why on the timeline.
    const kept = await eventually(
      async () =>
        (
          (await api.get(`/api/jobs/${created.id}/detail`)).body as { timeline: { message: string | null }[] }
        ).timeline.map((e) => e.message ?? ''),
      (lines) => lines.some((l) => l.startsWith('staging cleanup')),
      10_000,
    );
    expect(kept.find((l) => l.startsWith('staging cleanup'))).toContain(
      'title_t01.mkv (Extras are skipped (extras policy "skip") — left out by a rule, not by you)',
    );
    expect(await readdir(join(staging, drop.label))).toEqual(['title_t01.mkv']);
    expect((await api.get<Job[]>('/api/jobs')).body.filter((j) => j.source_kind === 'folder')).toHaveLength(1);
  }, 240_000);
}
