/**
 * One product, end to end, through the public API and the WebSocket only: two TV discs (identified
 * by content hash / by catalog and heuristics, ripped with progress, matched, filed on a second
 * volume, ejected), a movie disc through review, a folder dropped into staging, fingerprints
 * reaching the fingerprint server, and every title accounted for in history and stats. The world
 * around the real service (stand-ins, simulated drive, fixture discs) is support/e2e-world.ts.
 */
import { existsSync } from 'node:fs';
import { cp, readdir, stat } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventually } from '../support/http-client.ts';
import { mkvRuns } from '../support/makemkv-replay.ts';
import { SAMPLE_TOKEN } from '../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import type { FixtureDisc } from './support/fixture-discs.ts';
import { copiedFiles, duration, expectDiscAccounted, expectRipProgress, firstAt } from './support/e2e-expect.ts';
import {
  api,
  filesUnder,
  FOLDER_MOVIE_ID,
  fx,
  insert,
  job,
  jobs,
  library,
  linux,
  MOVIE_ID,
  network,
  newDiscJob,
  OS_KEY,
  OS_PASSWORD,
  replay,
  root,
  service,
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
  useE2eWorld,
  ws,
  type Job,
} from './support/e2e-world.ts';

useE2eWorld();

describe('end to end', () => {
  it('1. the TV Blu-ray: found in the drive, identified by its content hash, ripped with progress, subtitles fetched during the rip, filed on the second volume, ejected', async () => {
    const t0 = Date.now();
    const disc = fx.tvBluray;
    await insert(disc);
    const created = await newDiscJob(disc.label);
    jobs.bluray = created.id;
    expect(created).toMatchObject({ drive_id: '/dev/sr0', source_kind: 'disc', content_hash: disc.contentHash });
    await ws.waitFor(
      (m) =>
        m.type === 'drive_event' &&
        m.drive_id === '/dev/sr0' &&
        m.event === 'inserted' &&
        m.volume_label === disc.label,
      10_000,
    );
    const done = await settle(created.id, ['completed', 'failed', 'review_needed']);
    timings.bluray = Date.now() - t0;
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
    await eventually(
      async () => existsSync(folder),
      (exists) => !exists,
      10_000,
    );
    await eventually(
      () => linux.ejectCalls(),
      (calls) => calls.length === 1,
      10_000,
    );
    expect(await linux.ejectCalls()).toEqual(['/dev/sr0']);
    await ws.waitFor((m) => m.type === 'drive_event' && m.drive_id === '/dev/sr0' && m.event === 'removed', 10_000);
    await takeOut();
  }, 240_000);

  it('1. the TV DVD: unknown to TheDiscDB, identified by the catalog with the heuristic choosing what to rip, episodes recognised by pocketsphinx', async () => {
    const t0 = Date.now();
    const disc = fx.tvDvd;
    await insert(disc);
    const created = await newDiscJob(disc.label);
    jobs.dvd = created.id;
    expect(created).toMatchObject({ drive_id: '/dev/sr0', content_hash: disc.contentHash });
    await ws.waitFor(
      (m) => m.type === 'drive_event' && m.event === 'inserted' && m.volume_label === disc.label,
      10_000,
    );
    const done = await settle(created.id, ['completed', 'failed', 'review_needed']);
    timings.dvd = Date.now() - t0;
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
    await eventually(
      async () => existsSync(folder),
      (exists) => !exists,
      10_000,
    );
    await eventually(
      () => linux.ejectCalls(),
      (calls) => calls.length === 2,
      10_000,
    );
    await takeOut();
  }, 240_000);

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
    expect(await transitions(created.id)).toEqual([
      'identifying',
      'ripping',
      'matching',
      'review_needed',
      'organizing',
      'completed',
    ]);
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

  it('contributes fingerprints and disc layouts once the disclosure is accepted, and they land on the fingerprint server', async () => {
    const t0 = Date.now();
    const health = async () =>
      (await (await fetch(`${network.url}/v1/health`)).json()) as {
        episode_contributions: number;
        disc_contributions: number;
      };
    // The 8 episodes and the 2 movie cuts decided in review, and a layout per disc with a content hash. The folder's
    // movie was matched by its runtime, a source the wire has no name for: it is not fingerprinted (and has no disc hash).
    const queued = await eventually(
      () => api.get('/api/fingerprint/contributions'),
      (r) => r.body.pending.episodes === 10 && r.body.pending.discs === 3,
      60_000,
    );
    expect(queued.body.entries).toEqual([]);
    await ws.waitFor((m) => m.type === 'fingerprint_disclosure_required' && m.pending_count === 13, 10_000);
    expect(await health()).toMatchObject({ episode_contributions: 0, disc_contributions: 0 });

    expect((await api.put('/api/config', { fingerprint_disclosure_accepted: true })).status).toBe(200);
    const sent = await eventually(
      () => api.get('/api/fingerprint/contributions'),
      (r) => r.body.pending_count === 0 && r.body.entries.length === 13,
      30_000,
    );
    expect(await health()).toMatchObject({ episode_contributions: 10, disc_contributions: 3 });
    const entries = sent.body.entries as {
      kind: string;
      catalog_id: number;
      season: number | null;
      episode?: number | null;
      content_type?: string;
      title_count?: number;
    }[];
    expect(
      entries
        .filter((e) => e.kind === 'episode' && e.catalog_id === SHOW_ID)
        .map((e) => e.episode)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(entries.filter((e) => e.kind === 'episode' && e.catalog_id !== SHOW_ID).map((e) => e.catalog_id)).toEqual([
      MOVIE_ID,
      MOVIE_ID,
    ]);
    expect(
      entries
        .filter((e) => e.kind === 'disc')
        .map((e) => [e.catalog_id, e.content_type, e.season, e.title_count])
        .sort(),
    ).toEqual(
      [
        [SHOW_ID, 'tv', 1, 6],
        [SHOW_ID, 'tv', 1, 6],
        [MOVIE_ID, 'movie', null, 5],
      ].sort(),
    );

    // What the network stored: every wire field as contributed, and nothing else.
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(join(root, 'network', 'network.db'), { readOnly: true });
    try {
      const episodes = db
        .prepare(
          'select catalog_id, season, episode, match_source, disc_content_hash from episode_contribution order by catalog_id, episode',
        )
        .all() as Record<string, unknown>[];
      const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
      expect(
        episodes.filter((e) => e.catalog_id === SHOW_ID).map((e) => [e.episode, e.match_source, e.disc_content_hash]),
      ).toEqual([
        ...[1, 2, 3, 4].map((e) => [e, 'local_disc_lookup', b64(fx.tvBluray.contentHash)]),
        ...[5, 6, 7, 8].map((e) => [e, 'local_asr', b64(fx.tvDvd.contentHash)]),
      ]);
      expect(episodes.filter((e) => e.catalog_id === MOVIE_ID).map((e) => [e.season, e.match_source])).toEqual([
        [null, 'user_review'],
        [null, 'user_review'],
      ]);
      const layouts = db.prepare('select disc_content_hash, catalog_id, titles_json from disc_contribution').all() as {
        disc_content_hash: string;
        catalog_id: number;
        titles_json: string;
      }[];
      const layout = (disc: FixtureDisc) =>
        JSON.parse(layouts.find((l) => l.disc_content_hash === b64(disc.contentHash))!.titles_json) as {
          title_index: number;
          assignment: string;
          episode?: number;
          match_source: string | null;
        }[];
      expect(layout(fx.tvBluray).map((r) => [r.title_index, r.assignment, r.episode ?? null])).toEqual([
        [0, 'discarded', null],
        [1, 'episode', 1],
        [2, 'episode', 2],
        [3, 'episode', 3],
        [4, 'episode', 4],
        [5, 'discarded', null],
      ]);
      expect(layout(fx.tvDvd).map((r) => [r.title_index, r.assignment, r.episode ?? null])).toEqual([
        [0, 'episode', 5],
        [1, 'episode', 6],
        [2, 'episode', 7],
        [3, 'episode', 8],
        [4, 'discarded', null],
        [5, 'discarded', null],
      ]);
      expect(layout(fx.movieBluray).map((r) => [r.title_index, r.assignment, r.match_source])).toEqual(
        fx.movieBluray.titles.map((t) => [
          t.index,
          t.truth.kind === 'logo' ? 'discarded' : t.truth.kind,
          t.truth.kind === 'main_movie' ? 'user_review' : null,
        ]),
      );
      // Never a file name, a path or a volume label.
      const everything = JSON.stringify([episodes, layouts]);
      for (const leak of [root, '.mkv', SHOW, 'LANTERN', 'CHRONICLES', '/dev/sr0'])
        expect(everything).not.toContain(leak);
    } finally {
      db.close();
    }
    timings.contributions = Date.now() - t0;
  }, 120_000);

  it('4. every title is in the library under its name or accounted for, and history and stats say exactly what happened', async () => {
    // The library holds exactly the episodes and the three movie files; staging holds only the dropped folder's
    // trailer (the person's file, left out by the default extras policy): Spindle's own rips are all gone.
    expect(await filesUnder(library.path)).toEqual([
      'Movies/Harbor Lights (2003)/Harbor Lights (2003).mkv',
      'Movies/Lantern Harbor (2004)/Lantern Harbor (2004) {edition-Extended}.mkv',
      'Movies/Lantern Harbor (2004)/Lantern Harbor (2004).mkv',
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((e) => relative(library.path, tvPath(e))),
    ]);
    expect(await filesUnder(staging)).toEqual(['HARBOR_LIGHTS_2003/title_t01.mkv']);
    if (library.skipped) console.warn(`end-to-end: second volume skipped: ${library.skipped}`);
    else {
      const [lib, stage] = await Promise.all([stat(library.path), stat(staging)]);
      expect(lib.dev).not.toBe(stage.dev);
      expect(copiedFiles()).toHaveLength(11);
    }

    const history = await api.get('/api/jobs/history?per_page=100');
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({ total: 4, page: 1, pages: 1 });
    const items = history.body.items as Job[];
    expect(items.map((j) => [j.id, j.state, j.content_type, j.source_kind, j.error_message]).sort()).toEqual(
      [
        [jobs.bluray, 'completed', 'tv', 'disc', null],
        [jobs.dvd, 'completed', 'tv', 'disc', null],
        [jobs.movie, 'completed', 'movie', 'disc', null],
        [jobs.folder, 'completed', 'movie', 'folder', null],
      ].sort(),
    );
    expect(((await api.get('/api/jobs/history?content_type=tv')).body.items as Job[]).map((j) => j.id).sort()).toEqual(
      [jobs.bluray, jobs.dvd].sort(),
    );
    expect(
      ((await api.get('/api/jobs/history?content_type=movie')).body.items as Job[]).map((j) => j.id).sort(),
    ).toEqual([jobs.movie, jobs.folder].sort());
    expect((await api.get('/api/jobs/history?state=failed')).body.total).toBe(0);

    const stats = await api.get('/api/jobs/stats');
    expect(stats.body).toMatchObject({ total_jobs: 4, completed: 4, failed: 0, tv: 2, movie: 2, top_errors: [] });
    expect(stats.body.avg_processing_seconds).toBeGreaterThan(0);
    expect((stats.body.recent_jobs as Job[]).map((j) => j.id).sort()).toEqual(Object.values(jobs).sort());

    // Nothing went wrong along the way, in the service's own words, and no credential ever showed.
    const problems = service
      .output()
      .split('\n')
      .filter((l) => / (ERROR|WARN) /.test(l));
    expect(problems).toEqual([]);
    const seen = [
      service.output(),
      JSON.stringify(ws.messages),
      JSON.stringify((await api.get('/api/config')).body),
    ].join('\n');
    for (const secret of [OS_KEY, OS_PASSWORD, SAMPLE_TOKEN]) expect(seen).not.toContain(secret);
  });
});
