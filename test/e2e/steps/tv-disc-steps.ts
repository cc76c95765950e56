/** Step 1 of the end-to-end scenario: the two TV discs, one after the other in the simulated drive. */
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { eventually } from '../../support/http-client.ts';
import { mkvRuns } from '../../support/makemkv-replay.ts';
import type { FixtureDisc } from '../support/fixture-types.ts';
import { copiedFiles, expectDiscAccounted, expectRipProgress, firstAt } from '../support/e2e-expect.ts';
import {
  api,
  filesUnder,
  fx,
  insert,
  jobs,
  library,
  linux,
  newDiscJob,
  replay,
  settle,
  SHOW,
  SHOW_ID,
  staging,
  STRAIGHT,
  subtitles,
  takeOut,
  thediscdb,
  timings,
  titlesOf,
  tmdb,
  transitions,
  tvPath,
  ws,
} from '../support/e2e-world.ts';

/**
 * The disc put in /dev/sr0: its job (made by the drive detector, noted in `jobs[key]`) once the drive
 * reported the disc, and the job when it has settled (its time since `t0` noted in `timings[key]`).
 */
async function throughTheDrive(key: 'bluray' | 'dvd', disc: FixtureDisc, t0: number) {
  await insert(disc);
  const created = await newDiscJob(disc.label);
  jobs[key] = created.id;
  expect(created).toMatchObject({ drive_id: '/dev/sr0', source_kind: 'disc', content_hash: disc.contentHash });
  await ws.waitFor(
    (m) =>
      m.type === 'drive_event' && m.drive_id === '/dev/sr0' && m.event === 'inserted' && m.volume_label === disc.label,
    10_000,
  );
  const done = await settle(created.id, ['completed', 'failed', 'review_needed']);
  timings[key] = Date.now() - t0;
  return { created, done };
}

/** The job's staging folder is cleaned away and the drive has been told to eject `ejects` times in all. */
async function stagingGoneAndEjected(folder: string, ejects: number): Promise<void> {
  await eventually(
    async () => existsSync(folder),
    (exists) => !exists,
    10_000,
  );
  await eventually(
    () => linux.ejectCalls(),
    (calls) => calls.length === ejects,
    10_000,
  );
}

/** The TV Blu-ray (identified by its content hash) and then the TV DVD (by the catalog and heuristics). */
export function tvDiscSteps(): void {
  it('1. the TV Blu-ray: found in the drive, identified by its content hash, ripped with progress, subtitles fetched during the rip, filed on the second volume, ejected', async () => {
    const t0 = Date.now();
    const disc = fx.tvBluray;
    const { created, done } = await throughTheDrive('bluray', disc, t0);
    expect(done).toMatchObject({
      state: 'completed',
      error_message: null,
      content_type: 'tv',
      classification_source: 'disc_lookup',
      classification_confidence: 0.95,
      catalog_id: SHOW_ID,
      detected_title: SHOW,
      detected_season: 1,
      disc_number: 1,
      disc_lookup_title_slug: 'generated-chronicles-2019',
      disc_lookup_disc_slug: 'disc-1',
      subtitle_status: 'ready',
      subtitles_downloaded: 8,
      subtitles_total: 8,
      library_path: join(library.path, 'TV', SHOW),
    });
    expect(thediscdb.requests.map((r) => r.variables.hash)).toEqual([disc.contentHash]);
    expect(await transitions(created.id)).toEqual(STRAIGHT);

    // Only the episodes were ripped (one makemkvcon run each), into the job's staging folder.
    const folder = join(staging, `job_${created.id}`);
    expect(mkvRuns(await replay.invocations()).map((r) => [r.source, r.title, r.dir])).toEqual(
      [1, 2, 3, 4].map((i) => ['dev:/dev/sr0', String(i), folder]),
    );
    expectRipProgress(created.id, 4);

    // The season's subtitles came down while the disc was being ripped.
    const ripping = firstAt((m) => m.type === 'job_update' && m.job_id === created.id && m.state === 'ripping');
    const matching = firstAt((m) => m.type === 'job_update' && m.job_id === created.id && m.state === 'matching');
    const ready = firstAt(
      (m) => m.type === 'subtitle_event' && m.job_id === created.id && m.status === 'ready' && m.downloaded === 8,
    );
    expect(ripping).toBeGreaterThanOrEqual(0);
    expect(ready, 'subtitles ready after ripping began and before matching').toBeGreaterThan(ripping);
    expect(ready).toBeLessThan(matching);
    expect(subtitles.requests.filter((r) => r.path === '/api/v1/download')).toHaveLength(8);

    // Every title: episodes filed by TheDiscDB's mappings, the logo and the Play All never ripped.
    await expectDiscAccounted(disc, created.id, (t) => (t.truth.kind === 'episode' ? tvPath(t.truth.episode) : null));
    for (const t of (await titlesOf(created.id)).filter((x) => x.matched_episode))
      expect(t).toMatchObject({ match_source: 'local_disc_lookup', match_confidence: 0.95 });
    expect(await filesUnder(join(library.path, 'TV'))).toEqual(
      [1, 2, 3, 4].map((e) => relative(join(library.path, 'TV'), tvPath(e))),
    );
    if (!library.skipped) expect(copiedFiles()).toEqual(expect.arrayContaining([1, 2, 3, 4].map(tvPath)));

    // Staging cleaned, the disc ejected (and the drive reported empty).
    await stagingGoneAndEjected(folder, 1);
    expect(await linux.ejectCalls()).toEqual(['/dev/sr0']);
    await ws.waitFor((m) => m.type === 'drive_event' && m.drive_id === '/dev/sr0' && m.event === 'removed', 10_000);
    await takeOut();
  }, 240_000);

  it('1. the TV DVD: unknown to TheDiscDB, identified by the catalog with the heuristic choosing what to rip, episodes recognised by pocketsphinx', async () => {
    const t0 = Date.now();
    const disc = fx.tvDvd;
    const { created, done } = await throughTheDrive('dvd', disc, t0);
    expect(done).toMatchObject({
      state: 'completed',
      error_message: null,
      content_type: 'tv',
      classification_source: 'catalog',
      catalog_id: SHOW_ID,
      detected_title: SHOW,
      detected_season: 1,
      disc_number: 2,
      disc_mappings_json: null,
      subtitle_status: 'ready',
      subtitles_downloaded: 8,
    });
    // TheDiscDB was asked and did not know the disc; the catalog named the show.
    expect(thediscdb.requests.map((r) => r.variables.hash)).toEqual([fx.tvBluray.contentHash, disc.contentHash]);
    const searched = tmdb.requests
      .map((r) => new URL(r.path, 'http://tmdb'))
      .filter((u) => u.pathname === '/3/search/tv')
      .map((u) => u.searchParams.get('query'));
    expect(searched).toContain('Generated Chronicles');
    const detail = (await api.get(`/api/jobs/${created.id}/detail`)).body as {
      identification: { source: string; catalogId: number | null }[];
    };
    expect(detail.identification.find((a) => a.source === 'catalog')).toMatchObject({ catalogId: SHOW_ID });
    expect(await transitions(created.id)).toEqual(STRAIGHT);

    // The heuristic told the Play All and the clip apart: only the four episodes were ripped.
    const folder = join(staging, `job_${created.id}`);
    expect(
      mkvRuns(await replay.invocations())
        .slice(4)
        .map((r) => [r.title, r.dir]),
    ).toEqual([0, 1, 2, 3].map((i) => [String(i), folder]));
    expectRipProgress(created.id, 4);
    // The subtitles were already in the cache: nothing more was downloaded.
    expect(subtitles.requests.filter((r) => r.path === '/api/v1/download')).toHaveLength(8);

    await expectDiscAccounted(disc, created.id, (t) => (t.truth.kind === 'episode' ? tvPath(t.truth.episode) : null));
    for (const t of (await titlesOf(created.id)).filter((x) => x.matched_episode)) {
      expect(t.match_source).toBe('local_asr');
      expect(t.match_confidence!).toBeGreaterThanOrEqual(0.7);
      expect(t.match_details!.components.map((c) => c.name)).toEqual(
        expect.arrayContaining(['separation', 'vote_consensus', 'coverage']),
      );
    }
    expect(await filesUnder(join(library.path, 'TV', SHOW))).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].map((e) => relative(join(library.path, 'TV', SHOW), tvPath(e))),
    );
    await stagingGoneAndEjected(folder, 2);
    await takeOut();
  }, 240_000);
}
