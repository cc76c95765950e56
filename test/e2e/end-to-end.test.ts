/**
 * One product, end to end. Fixture discs are built at test time from the generated speech corpus
 * (test/e2e/support/fixture-discs.ts): a TV Blu-ray (BDMV/STREAM + playlists), a TV DVD authored by
 * dvdauthor, a movie Blu-ray with a theatrical and an extended cut, and a folder of MKVs. Around the
 * real service (`spindle serve` as a child process, embedded SQLite) run local TheDiscDB, TMDB and
 * OpenSubtitles servers in their documented shapes, the real fingerprint-server process, a
 * simulated Linux optical drive (fake /sys, blkid, eject and mount table) and the makemkvcon
 * stand-in reading the disc in the drive. Everything after setup goes through the public API and
 * the WebSocket only:
 * 1. the two TV discs, one after the other in the drive: identified (by content hash / by catalog
 *    and heuristics), ripped with progress, subtitles downloaded during the rip, matched (disc
 *    lookup mappings / pocketsphinx), organized on a second volume, staging cleaned, disc ejected;
 * 2. the movie disc: ambiguous cuts → review → chosen through the API → filed with the edition tag;
 * 3. a folder dropped into staging: imported by the watcher and completed;
 * fingerprints and disc layouts reach the fingerprint server once the disclosure is accepted; and
 * 4. every title is in the library under its name or accounted for; history and stats agree.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnFingerprintServer, type FingerprintServerProcess } from '../../fingerprint-server/test/server-process.ts';
import { blkidExport, createFakeLinux, type FakeLinux } from '../../plugins/detector-linux-drive/test/fake-linux.ts';
import { startTheDiscDbServer, type TheDiscDbServer, type WireItem } from '../../plugins/provider-thediscdb/test/support/thediscdb-server.ts';
import { SAMPLE_TOKEN, startTmdbServer, type TmdbServer } from '../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import { startOpenSubtitlesServer, type OpenSubtitlesServer } from '../../plugins/subtitles-opensubtitles/test/support/opensubtitles-server.ts';
import { apiClient, eventually } from '../support/http-client.ts';
import { createMakemkvReplay, mkvRuns, type MakemkvReplay } from '../support/makemkv-replay.ts';
import { writeConfig } from '../support/service-harness.ts';
import { spawnService, type ServiceProcess } from '../support/service-process.ts';
import { connectWs, type RecordingSocket } from '../support/ws-client.ts';
import { buildE2eFixtures, type E2eFixtures, type FixtureDisc } from './support/fixture-discs.ts';
import { mountSecondVolume, type SecondVolume } from './support/second-volume.ts';

const SHOW_ID = 4242;
const MOVIE_ID = 5151;
const FOLDER_MOVIE_ID = 6262;
const OS_KEY = 'osk_e2e_5f2c9a7d1b3e';
const OS_USER = 'spindle-e2e';
const OS_PASSWORD = 'e2e-password-not-real';
const SHOW = 'Generated Chronicles';
/** The generated episodes last about 1.5 minutes: the duration heuristics are scaled down to them. */
const SHORT_TITLE_SECONDS = 40;

interface Job {
  id: number;
  state: string;
  content_type: string;
  volume_label: string;
  drive_id: string | null;
  source_kind: string;
  content_hash: string | null;
  classification_source: string | null;
  classification_confidence: number | null;
  catalog_id: number | null;
  detected_title: string | null;
  detected_season: number | null;
  review_reason: string | null;
  error_message: string | null;
  library_path: string | null;
  staging_path: string | null;
  subtitle_status: string | null;
  subtitles_downloaded: number;
  subtitles_total: number;
  [key: string]: unknown;
}

interface Title {
  id: number;
  title_index: number;
  duration_seconds: number;
  state: string;
  selected: boolean;
  role: string | null;
  matched_episode: string | null;
  edition: string | null;
  is_extra: boolean;
  match_source: string | null;
  match_confidence: number | null;
  match_details: { kind: string; components: { name: string }[] } | null;
  organized_path: string | null;
  output_filename: string | null;
}

let fx: E2eFixtures;
let root: string;
let staging: string;
let library: SecondVolume;
let linux: FakeLinux;
let replay: MakemkvReplay;
let tmdb: TmdbServer;
let thediscdb: TheDiscDbServer;
let subtitles: OpenSubtitlesServer;
let network: FingerprintServerProcess;
let service: ServiceProcess;
let api: ReturnType<typeof apiClient>;
let ws: RecordingSocket;
let driveSlot: string;
const jobs: Record<'bluray' | 'dvd' | 'movie' | 'folder', number> = { bluray: 0, dvd: 0, movie: 0, folder: 0 };
const wallStart = Date.now();
const timings: Record<string, number> = {};

const clock = (s: number) => `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(Math.round(s) % 60).padStart(2, '0')}`;
const job = async (id: number) => (await api.get<Job>(`/api/jobs/${id}`)).body;
const titlesOf = async (id: number) => (await api.get<Title[]>(`/api/jobs/${id}/titles`)).body;
const settle = (id: number, states: string[], timeoutMs = 180_000) => eventually(() => job(id), (j) => states.includes(j.state), timeoutMs);
const tvPath = (episode: number) => join(library.path, 'TV', SHOW, 'Season 01', `${SHOW} - S01E${String(episode).padStart(2, '0')}.mkv`);

/** TheDiscDB's record of the Blu-ray: its content hash, the four episodes, the Play All; the logo has no item. */
function discDbItem(disc: FixtureDisc): WireItem {
  return {
    id: 901,
    title: SHOW,
    year: 2019,
    slug: 'generated-chronicles-2019',
    type: 'Series',
    externalids: { tmdb: String(SHOW_ID), imdb: null },
    releases: [
      {
        slug: 'season-1-blu-ray',
        discs: [
          {
            index: 1,
            name: 'Disc 1',
            format: 'Blu-ray',
            slug: 'disc-1',
            contentHash: disc.contentHash,
            titles: disc.titles.map((t) => ({
              index: t.index,
              duration: clock(t.seconds),
              size: t.sizeBytes,
              sourceFile: t.source,
              segmentMap: null,
              item:
                t.truth.kind === 'episode'
                  ? { title: `Chapter ${t.truth.episode}`, season: '1', episode: String(t.truth.episode), type: 'Episode' }
                  : t.truth.kind === 'play_all'
                    ? { title: `${SHOW} - Play All`, season: null, episode: null, type: 'Extra' }
                    : null,
            })),
          },
        ],
      },
    ],
  };
}

/** Puts a disc in the simulated drive: the tray reports it, blkid reads its label, the desktop mounts it. */
async function insert(disc: FixtureDisc): Promise<void> {
  await unlink(driveSlot).catch(() => undefined);
  await symlink(disc.root, driveSlot);
  await linux.setMounts([`/dev/sr0 ${disc.root} udf ro,nosuid,nodev,relatime 0 0`]);
  await linux.insert('sr0', Math.ceil(disc.titles.reduce((s, t) => s + t.sizeBytes, 0) / 512), blkidExport('/dev/sr0', disc.label));
}

/** After the service ejected the disc: take it out of the simulated drive. */
async function takeOut(): Promise<void> {
  await linux.setMounts([]);
  await unlink(driveSlot).catch(() => undefined);
}

async function newDiscJob(label: string): Promise<Job> {
  const listed = await eventually(() => api.get<Job[]>('/api/jobs'), (r) => r.body.some((j) => j.volume_label === label && j.source_kind === 'disc'), 20_000);
  return listed.body.find((j) => j.volume_label === label && j.source_kind === 'disc')!;
}

/** Every file under a folder, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(relative(dir, join(entry.parentPath, entry.name)));
  }
  return out.sort();
}

/** The states a job went through, from its timeline. */
const transitions = async (id: number) =>
  ((await api.get(`/api/jobs/${id}/detail`)).body as { timeline: { from: string; to: string }[] }).timeline.filter((e) => e.from !== e.to).map((e) => e.to);
const STRAIGHT = ['identifying', 'ripping', 'matching', 'organizing', 'completed'];

beforeAll(async () => {
  const t0 = Date.now();
  fx = await buildE2eFixtures();
  timings.fixtures = Date.now() - t0;
  root = await mkdtemp(join(tmpdir(), 'spindle-e2e-'));
  staging = join(root, 'staging');
  await mkdir(staging, { recursive: true });
  library = await mountSecondVolume(join(root, 'library'), staging);
  if (library.skipped) console.warn(`end-to-end: second volume skipped: ${library.skipped}`);
  await mkdir(join(library.path, 'TV'), { recursive: true });
  await mkdir(join(library.path, 'Movies'), { recursive: true });

  linux = await createFakeLinux();
  await linux.addDrive('sr0', { model: 'BD-RE BH16NS40' });
  driveSlot = join(root, 'drive-sr0');
  replay = await createMakemkvReplay(join(root, 'makemkv'), { drives: { '/dev/sr0': driveSlot }, secondsPerTitle: 1 });

  tmdb = await startTmdbServer({
    shows: [
      { id: SHOW_ID, name: SHOW, first_air_date: '2019-03-01', popularity: 12, seasons: { 1: [2, 2, 2, 2, 2, 2, 2, 2] } },
      { id: 8181, name: 'Chronicles of the Deep', first_air_date: '2004-09-12', popularity: 30, seasons: { 1: [44, 44, 44] } },
    ],
    movies: [
      { id: MOVIE_ID, title: 'Lantern Harbor', release_date: '2004-10-08', popularity: 9 },
      { id: FOLDER_MOVIE_ID, title: 'Harbor Lights', release_date: '2003-05-16', popularity: 7, runtime: 92 },
    ],
  });
  thediscdb = await startTheDiscDbServer({ items: [discDbItem(fx.tvBluray)] });
  const srts = [];
  for (let e = 1; e <= 8; e++) {
    const content = await readFile(join(fx.corpus.srtDir, `${SHOW}.S01E${String(e).padStart(2, '0')}.srt`), 'utf8');
    srts.push({ id: 300 + e, fileId: 7000 + e, language: 'en', type: 'episode' as const, parentTmdbId: SHOW_ID, season: 1, episode: e, fileName: `Generated.Chronicles.S01E0${e}.WEB`, content });
  }
  subtitles = await startOpenSubtitlesServer({ apiKey: OS_KEY, username: OS_USER, password: OS_PASSWORD, subtitles: srts, allowedDownloads: 20 });
  network = await spawnFingerprintServer({ DATABASE_URL: `sqlite://${join(root, 'network', 'network.db')}` });

  const dataDir = join(root, 'data');
  await writeConfig(dataDir, {
    staging_path: staging,
    library_tv_path: join(library.path, 'TV'),
    library_movies_path: join(library.path, 'Movies'),
    ripper_path: replay.path,
    catalog_api_key: SAMPLE_TOKEN,
    staging_watch_enabled: true,
    staging_poll_interval_seconds: 0.3,
    pipeline: {
      detectors: ['linux-drive', 'staging-watcher'],
      identifiers: ['disc-lookup', 'catalog', 'heuristic'],
      rippers: { disc: 'makemkv', folder: 'folder' },
      matchers: ['disc-lookup', 'asr-subtitles', 'movie-runtime'],
      organizer: 'library',
      contributors: ['fingerprint-network'],
      providers: { disc_lookup: ['thediscdb'], catalog: ['tmdb'], subtitles: ['opensubtitles'], transcriber: ['pocketsphinx'], fingerprinter: ['chromaprint'] },
    },
    plugin_settings: {
      'detector-linux-drive': linux.settings({ poll_interval_seconds: 0.2 }),
      'provider-thediscdb': { endpoint: thediscdb.url },
      'provider-tmdb': { base_url: tmdb.url },
      'subtitles-opensubtitles': { api_key: OS_KEY, username: OS_USER, password: OS_PASSWORD, base_url: `${subtitles.url}/api/v1` },
      'identifier-heuristic': { short_title_max_seconds: SHORT_TITLE_SECONDS, episode_min_minutes: 1, short_episode_min_minutes: 1 },
    },
  });
  service = await spawnService({
    SPINDLE_DATA_DIR: dataDir,
    SPINDLE_MAKEMKV_DATA_DIR: join(dataDir, 'makemkv'),
    FINGERPRINT_SERVER_URL: network.url,
    FINGERPRINT_UPLOAD_INTERVAL_SECONDS: '0.5',
  });
  api = apiClient(service.url);
  ws = await connectWs(service.url);
  timings.setup = Date.now() - t0;
}, 600_000);

afterAll(async () => {
  await ws?.close();
  await service?.stop();
  await network?.stop();
  await Promise.all([tmdb?.close(), thediscdb?.close(), subtitles?.close()]);
  await linux?.dispose();
  await library?.unmount();
  if (root) await rm(root, { recursive: true, force: true });
  const wall = (Date.now() - wallStart) / 1000;
  console.log(`end-to-end wall time: ${wall.toFixed(1)} s (${Object.entries(timings).map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`).join(', ')})`);
  const artifacts = fileURLToPath(new URL('../../test-artifacts/e2e/', import.meta.url));
  await mkdir(artifacts, { recursive: true });
  await writeFile(
    join(artifacts, 'end-to-end.json'),
    `${JSON.stringify({ at: new Date().toISOString(), wall_seconds: Math.round(wall * 10) / 10, phases_seconds: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v / 100) / 10])), second_volume: library?.skipped ?? 'tmpfs', jobs }, null, 2)}\n`,
  );
});

/** The job_update messages of a job, in the order the WebSocket delivered them. */
const updatesOf = (id: number) => ws.messages.filter((m) => m.type === 'job_update' && m.job_id === id);

/** What the WebSocket showed of a rip: progress between 0 and 100 with speed and ETA, never going back. */
function expectRipProgress(id: number, titlesRipped: number): void {
  const moving = updatesOf(id).filter((m) => m.state === 'ripping' && (m.progress_percent as number) > 0 && (m.progress_percent as number) < 100);
  expect(moving.length, `progress updates of job ${id}`).toBeGreaterThanOrEqual(titlesRipped);
  expect(moving.some((m) => /^\d+(\.\d+)?x$/.test(String(m.current_speed))), 'a speed such as "86.2x"').toBe(true);
  expect(moving.some((m) => typeof m.eta_seconds === 'number' && (m.eta_seconds as number) >= 0), 'an ETA').toBe(true);
  expect(moving.every((m) => m.total_titles === titlesRipped)).toBe(true);
  const percents = moving.map((m) => m.progress_percent as number);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
}

/** Where the first message for a job matching `what` sits in the WebSocket record (-1 when none). */
const firstAt = (what: (m: Record<string, unknown>) => boolean) => ws.messages.findIndex(what);

async function duration(file: string): Promise<number> {
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

/** The library files organizing wrote with a verified copy (not a rename), from the service's log. */
const copiedFiles = () =>
  service
    .output()
    .split('\n')
    .filter((l) => l.includes('Organized title') && l.includes('"method":"copy"'))
    .map((l) => /"to":"([^"]+)"/.exec(l)?.[1])
    .filter(Boolean);

/** Checks a disc's titles against what each one is: filed where it belongs, or accounted for. */
async function expectDiscAccounted(disc: FixtureDisc, id: number, place: (t: FixtureDisc['titles'][number]) => string | null): Promise<void> {
  const titles = await titlesOf(id);
  expect(titles.map((t) => t.title_index)).toEqual(disc.titles.map((t) => t.index));
  for (const truth of disc.titles) {
    const row = titles.find((t) => t.title_index === truth.index)!;
    expect(Math.abs(row.duration_seconds - truth.seconds), `title ${truth.index} length`).toBeLessThanOrEqual(1);
    const where = place(truth);
    switch (truth.truth.kind) {
      case 'episode':
      case 'main_movie':
        expect(row, `title ${truth.index}`).toMatchObject({ state: 'completed', selected: true, organized_path: where });
        expect(existsSync(where!)).toBe(true);
        break;
      case 'play_all':
        expect(row, `title ${truth.index} (Play All)`).toMatchObject({ state: 'pending', selected: false, role: 'play_all', organized_path: null });
        break;
      case 'logo':
        expect(row, `title ${truth.index} (clip)`).toMatchObject({ state: 'pending', selected: false, role: 'short', organized_path: null });
        break;
      case 'extra':
        // Shorter than a real title (the heuristic's short_title_max_seconds): never ripped. Longer: ripped,
        // matched as an extra and left out of the library (extras_policy skip).
        if (truth.seconds < SHORT_TITLE_SECONDS) expect(row, `title ${truth.index} (short extra)`).toMatchObject({ state: 'pending', selected: false, role: 'short', organized_path: null });
        else expect(row, `title ${truth.index} (extra)`).toMatchObject({ state: 'completed', selected: true, is_extra: true, organized_path: null, match_details: { kind: 'extra' } });
        break;
    }
  }
}

describe('end to end', () => {
  it('1. the TV Blu-ray: found in the drive, identified by its content hash, ripped with progress, subtitles fetched during the rip, filed on the second volume, ejected', async () => {
    const t0 = Date.now();
    const disc = fx.tvBluray;
    await insert(disc);
    const created = await newDiscJob(disc.label);
    jobs.bluray = created.id;
    expect(created).toMatchObject({ drive_id: '/dev/sr0', source_kind: 'disc', content_hash: disc.contentHash });
    await ws.waitFor((m) => m.type === 'drive_event' && m.drive_id === '/dev/sr0' && m.event === 'inserted' && m.volume_label === disc.label, 10_000);
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
    expect(mkvRuns(await replay.invocations()).map((r) => [r.source, r.title, r.dir])).toEqual([1, 2, 3, 4].map((i) => ['dev:/dev/sr0', String(i), folder]));
    expectRipProgress(created.id, 4);

    // The season's subtitles came down while the disc was being ripped.
    const ripping = firstAt((m) => m.type === 'job_update' && m.job_id === created.id && m.state === 'ripping');
    const matching = firstAt((m) => m.type === 'job_update' && m.job_id === created.id && m.state === 'matching');
    const ready = firstAt((m) => m.type === 'subtitle_event' && m.job_id === created.id && m.status === 'ready' && m.downloaded === 8);
    expect(ripping).toBeGreaterThanOrEqual(0);
    expect(ready, 'subtitles ready after ripping began and before matching').toBeGreaterThan(ripping);
    expect(ready).toBeLessThan(matching);
    expect(subtitles.requests.filter((r) => r.path === '/api/v1/download')).toHaveLength(8);

    // Every title: episodes filed by TheDiscDB's mappings, the logo and the Play All never ripped.
    await expectDiscAccounted(disc, created.id, (t) => (t.truth.kind === 'episode' ? tvPath(t.truth.episode) : null));
    for (const t of (await titlesOf(created.id)).filter((x) => x.matched_episode)) expect(t).toMatchObject({ match_source: 'local_disc_lookup', match_confidence: 0.95 });
    expect(await filesUnder(join(library.path, 'TV'))).toEqual([1, 2, 3, 4].map((e) => relative(join(library.path, 'TV'), tvPath(e))));
    if (!library.skipped) expect(copiedFiles()).toEqual(expect.arrayContaining([1, 2, 3, 4].map(tvPath)));

    // Staging cleaned, the disc ejected (and the drive reported empty).
    await eventually(async () => existsSync(folder), (exists) => !exists, 10_000);
    await eventually(() => linux.ejectCalls(), (calls) => calls.length === 1, 10_000);
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
    await ws.waitFor((m) => m.type === 'drive_event' && m.event === 'inserted' && m.volume_label === disc.label, 10_000);
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
    const searched = tmdb.requests.map((r) => new URL(r.path, 'http://tmdb')).filter((u) => u.pathname === '/3/search/tv').map((u) => u.searchParams.get('query'));
    expect(searched).toContain('Generated Chronicles');
    const detail = (await api.get(`/api/jobs/${created.id}/detail`)).body as { identification: { source: string; catalogId: number | null }[] };
    expect(detail.identification.find((a) => a.source === 'catalog')).toMatchObject({ catalogId: SHOW_ID });
    expect(await transitions(created.id)).toEqual(STRAIGHT);

    // The heuristic told the Play All and the clip apart: only the four episodes were ripped.
    const folder = join(staging, `job_${created.id}`);
    expect(mkvRuns(await replay.invocations()).slice(4).map((r) => [r.title, r.dir])).toEqual([0, 1, 2, 3].map((i) => [String(i), folder]));
    expectRipProgress(created.id, 4);
    // The subtitles were already in the cache: nothing more was downloaded.
    expect(subtitles.requests.filter((r) => r.path === '/api/v1/download')).toHaveLength(8);

    await expectDiscAccounted(disc, created.id, (t) => (t.truth.kind === 'episode' ? tvPath(t.truth.episode) : null));
    for (const t of (await titlesOf(created.id)).filter((x) => x.matched_episode)) {
      expect(t.match_source).toBe('local_asr');
      expect(t.match_confidence!).toBeGreaterThanOrEqual(0.7);
      expect(t.match_details!.components.map((c) => c.name)).toEqual(expect.arrayContaining(['separation', 'vote_consensus', 'coverage']));
    }
    expect(await filesUnder(join(library.path, 'TV', SHOW))).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((e) => relative(join(library.path, 'TV', SHOW), tvPath(e))));
    await eventually(async () => existsSync(folder), (exists) => !exists, 10_000);
    await eventually(() => linux.ejectCalls(), (calls) => calls.length === 2, 10_000);
    await takeOut();
  }, 240_000);

  it('2. the movie disc: two cuts of feature length → review → chosen through the API → filed with the edition tag', async () => {
    const t0 = Date.now();
    const disc = fx.movieBluray;
    const cut = (edition: string | null) => disc.titles.find((t) => t.truth.kind === 'main_movie' && t.truth.edition === edition)!;
    await insert(disc);
    const created = await newDiscJob(disc.label);
    jobs.movie = created.id;
    await ws.waitFor((m) => m.type === 'drive_event' && m.event === 'inserted' && m.volume_label === disc.label, 10_000);
    const review = await settle(created.id, ['review_needed', 'completed', 'failed']);
    expect(review).toMatchObject({ state: 'review_needed', content_type: 'movie', catalog_id: MOVIE_ID, detected_title: 'Lantern Harbor', content_hash: disc.contentHash });
    expect(review.review_reason).toMatch(/^2 title\(s\) could not be matched with enough confidence/);
    await ws.waitFor((m) => m.type === 'job_update' && m.job_id === created.id && m.state === 'review_needed', 5000);
    const waiting = await titlesOf(created.id);
    const inReview = waiting.filter((t) => t.state === 'review');
    expect(inReview.map((t) => t.title_index).sort()).toEqual([cut(null).index, cut('Extended').index].sort());
    expect(inReview.every((t) => t.match_details?.kind === 'main_movie' && (t.match_confidence ?? 1) < 0.7)).toBe(true);

    const row = (index: number) => waiting.find((t) => t.title_index === index)!;
    const extended = await api.post(`/api/jobs/${created.id}/review`, { title_id: row(cut('Extended').index).id, edition: 'Extended' });
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ edition: 'Extended', match_source: 'user_review' });
    const theatrical = await api.post(`/api/jobs/${created.id}/review`, { title_id: row(cut(null).index).id, edition: null });
    expect(theatrical.status).toBe(200);
    const done = await settle(created.id, ['completed', 'failed']);
    timings.movie = Date.now() - t0;
    expect(done).toMatchObject({ state: 'completed', error_message: null, library_path: join(library.path, 'Movies', 'Lantern Harbor (2004)') });

    const folder = join(library.path, 'Movies', 'Lantern Harbor (2004)');
    const moviePath = (t: FixtureDisc['titles'][number]) =>
      t.truth.kind === 'main_movie' ? join(folder, `Lantern Harbor (2004)${t.truth.edition ? ` {edition-${t.truth.edition}}` : ''}.mkv`) : null;
    await expectDiscAccounted(disc, created.id, moviePath);
    expect(await filesUnder(folder)).toEqual(['Lantern Harbor (2004) {edition-Extended}.mkv', 'Lantern Harbor (2004).mkv']);
    // The right cut under each name.
    expect(await duration(moviePath(cut('Extended'))!)).toBeCloseTo(cut('Extended').seconds, -1);
    expect(await duration(moviePath(cut(null))!)).toBeCloseTo(cut(null).seconds, -1);
    const timeline = ((await api.get(`/api/jobs/${created.id}/detail`)).body as { timeline: { message: string }[] }).timeline.map((e) => e.message);
    expect(timeline).toEqual(expect.arrayContaining([`title ${cut('Extended').index} → main feature {edition-Extended} (review)`, `title ${cut(null).index} → main feature (review)`]));
    expect(await transitions(created.id)).toEqual(['identifying', 'ripping', 'matching', 'review_needed', 'organizing', 'completed']);
    expectRipProgress(created.id, 4);
    await eventually(async () => existsSync(join(staging, `job_${created.id}`)), (exists) => !exists, 10_000);
    await eventually(() => linux.ejectCalls(), (calls) => calls.length === 3, 10_000);
    await takeOut();
  }, 240_000);

  it('3. a folder dropped into staging: imported by the watcher and filed', async () => {
    const t0 = Date.now();
    const drop = fx.stagingMovie;
    await cp(drop.folder, join(staging, drop.label), { recursive: true });
    const listed = await eventually(() => api.get<Job[]>('/api/jobs'), (r) => r.body.some((j) => j.source_kind === 'folder'), 30_000);
    const created = listed.body.find((j) => j.source_kind === 'folder')!;
    jobs.folder = created.id;
    expect(created).toMatchObject({ volume_label: drop.label, drive_id: null, staging_path: join(staging, drop.label) });
    const done = await settle(created.id, ['completed', 'failed', 'review_needed']);
    timings.folder = Date.now() - t0;
    expect(done).toMatchObject({ state: 'completed', error_message: null, content_type: 'movie', classification_source: 'catalog', catalog_id: FOLDER_MOVIE_ID, content_hash: null });
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
      async () => ((await api.get(`/api/jobs/${created.id}/detail`)).body as { timeline: { message: string | null }[] }).timeline.map((e) => e.message ?? ''),
      (lines) => lines.some((l) => l.startsWith('staging cleanup')),
      10_000,
    );
    expect(kept.find((l) => l.startsWith('staging cleanup'))).toContain('title_t01.mkv (Extras are skipped (extras policy "skip") — left out by a rule, not by you)');
    expect(await readdir(join(staging, drop.label))).toEqual(['title_t01.mkv']);
    expect((await api.get<Job[]>('/api/jobs')).body.filter((j) => j.source_kind === 'folder')).toHaveLength(1);
  }, 240_000);

  it('contributes fingerprints and disc layouts once the disclosure is accepted, and they land on the fingerprint server', async () => {
    const t0 = Date.now();
    const health = async () => (await (await fetch(`${network.url}/v1/health`)).json()) as { episode_contributions: number; disc_contributions: number };
    // The 8 episodes and the 2 movie cuts decided in review, and a layout per disc with a content hash. The folder's
    // movie was matched by its runtime, a source the wire has no name for: it is not fingerprinted (and has no disc hash).
    const queued = await eventually(() => api.get('/api/fingerprint/contributions'), (r) => r.body.pending.episodes === 10 && r.body.pending.discs === 3, 60_000);
    expect(queued.body.entries).toEqual([]);
    await ws.waitFor((m) => m.type === 'fingerprint_disclosure_required' && m.pending_count === 13, 10_000);
    expect(await health()).toMatchObject({ episode_contributions: 0, disc_contributions: 0 });

    expect((await api.put('/api/config', { fingerprint_disclosure_accepted: true })).status).toBe(200);
    const sent = await eventually(() => api.get('/api/fingerprint/contributions'), (r) => r.body.pending_count === 0 && r.body.entries.length === 13, 30_000);
    expect(await health()).toMatchObject({ episode_contributions: 10, disc_contributions: 3 });
    const entries = sent.body.entries as { kind: string; catalog_id: number; season: number | null; episode?: number | null; content_type?: string; title_count?: number }[];
    expect(entries.filter((e) => e.kind === 'episode' && e.catalog_id === SHOW_ID).map((e) => e.episode).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(entries.filter((e) => e.kind === 'episode' && e.catalog_id !== SHOW_ID).map((e) => e.catalog_id)).toEqual([MOVIE_ID, MOVIE_ID]);
    expect(entries.filter((e) => e.kind === 'disc').map((e) => [e.catalog_id, e.content_type, e.season, e.title_count]).sort()).toEqual(
      [[SHOW_ID, 'tv', 1, 6], [SHOW_ID, 'tv', 1, 6], [MOVIE_ID, 'movie', null, 5]].sort(),
    );

    // What the network stored: every wire field as contributed, and nothing else.
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(join(root, 'network', 'network.db'), { readOnly: true });
    try {
      const episodes = db.prepare('select catalog_id, season, episode, match_source, disc_content_hash from episode_contribution order by catalog_id, episode').all() as Record<string, unknown>[];
      const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
      expect(episodes.filter((e) => e.catalog_id === SHOW_ID).map((e) => [e.episode, e.match_source, e.disc_content_hash])).toEqual([
        ...[1, 2, 3, 4].map((e) => [e, 'local_disc_lookup', b64(fx.tvBluray.contentHash)]),
        ...[5, 6, 7, 8].map((e) => [e, 'local_asr', b64(fx.tvDvd.contentHash)]),
      ]);
      expect(episodes.filter((e) => e.catalog_id === MOVIE_ID).map((e) => [e.season, e.match_source])).toEqual([[null, 'user_review'], [null, 'user_review']]);
      const layouts = db.prepare('select disc_content_hash, catalog_id, titles_json from disc_contribution').all() as { disc_content_hash: string; catalog_id: number; titles_json: string }[];
      const layout = (disc: FixtureDisc) => JSON.parse(layouts.find((l) => l.disc_content_hash === b64(disc.contentHash))!.titles_json) as { title_index: number; assignment: string; episode?: number; match_source: string | null }[];
      expect(layout(fx.tvBluray).map((r) => [r.title_index, r.assignment, r.episode ?? null])).toEqual([[0, 'discarded', null], [1, 'episode', 1], [2, 'episode', 2], [3, 'episode', 3], [4, 'episode', 4], [5, 'discarded', null]]);
      expect(layout(fx.tvDvd).map((r) => [r.title_index, r.assignment, r.episode ?? null])).toEqual([[0, 'episode', 5], [1, 'episode', 6], [2, 'episode', 7], [3, 'episode', 8], [4, 'discarded', null], [5, 'discarded', null]]);
      expect(layout(fx.movieBluray).map((r) => [r.title_index, r.assignment, r.match_source])).toEqual(
        fx.movieBluray.titles.map((t) => [t.index, t.truth.kind === 'logo' ? 'discarded' : t.truth.kind, t.truth.kind === 'main_movie' ? 'user_review' : null]),
      );
      // Never a file name, a path or a volume label.
      const everything = JSON.stringify([episodes, layouts]);
      for (const leak of [root, '.mkv', SHOW, 'LANTERN', 'CHRONICLES', '/dev/sr0']) expect(everything).not.toContain(leak);
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
    expect(((await api.get('/api/jobs/history?content_type=tv')).body.items as Job[]).map((j) => j.id).sort()).toEqual([jobs.bluray, jobs.dvd].sort());
    expect(((await api.get('/api/jobs/history?content_type=movie')).body.items as Job[]).map((j) => j.id).sort()).toEqual([jobs.movie, jobs.folder].sort());
    expect((await api.get('/api/jobs/history?state=failed')).body.total).toBe(0);

    const stats = await api.get('/api/jobs/stats');
    expect(stats.body).toMatchObject({ total_jobs: 4, completed: 4, failed: 0, tv: 2, movie: 2, top_errors: [] });
    expect(stats.body.avg_processing_seconds).toBeGreaterThan(0);
    expect((stats.body.recent_jobs as Job[]).map((j) => j.id).sort()).toEqual(Object.values(jobs).sort());

    // Nothing went wrong along the way, in the service's own words, and no credential ever showed.
    const problems = service.output().split('\n').filter((l) => / (ERROR|WARN) /.test(l));
    expect(problems).toEqual([]);
    const seen = [service.output(), JSON.stringify(ws.messages), JSON.stringify((await api.get('/api/config')).body)].join('\n');
    for (const secret of [OS_KEY, OS_PASSWORD, SAMPLE_TOKEN]) expect(seen).not.toContain(secret);
  });
});
