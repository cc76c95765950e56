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
 *
 * This module holds what the scenario shares (end-to-end.test.ts runs it): the stand-ins (started by
 * e2e-standins.ts), the service, the client and socket, the job ids; names and record shapes are in
 * e2e-records.ts (re-exported here). `useE2eWorld()` registers the setup and teardown;
 * the bindings are live (a test reads `api` after the beforeAll set it).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { FingerprintServerProcess } from '../../../fingerprint-server/test/server-process.ts';
import { blkidExport, createFakeLinux, type FakeLinux } from '../../../plugins/detector-linux-drive/test/fake-linux.ts';
import type { TheDiscDbServer } from '../../../plugins/provider-thediscdb/test/support/thediscdb-server.ts';
import type { TmdbServer } from '../../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import type { OpenSubtitlesServer } from '../../../plugins/subtitles-opensubtitles/test/support/opensubtitles-server.ts';
import { apiClient, eventually } from '../../support/http-client.ts';
import { createMakemkvReplay, type MakemkvReplay } from '../../support/makemkv-replay.ts';
import { spawnService, type ServiceProcess } from '../../support/service-process.ts';
import { connectWs, type RecordingSocket } from '../../support/ws-client.ts';
import { SHOW, type Job, type Title } from './e2e-records.ts';
import { startStandIns, writeE2eConfig } from './e2e-standins.ts';
import { buildE2eFixtures, type E2eFixtures, type FixtureDisc } from './fixture-discs.ts';
import { mountSecondVolume, type SecondVolume } from './second-volume.ts';

export * from './e2e-records.ts';
export { discDbItem } from './e2e-standins.ts';

export let fx: E2eFixtures;
export let root: string;
export let staging: string;
export let library: SecondVolume;
export let linux: FakeLinux;
export let replay: MakemkvReplay;
export let tmdb: TmdbServer;
export let thediscdb: TheDiscDbServer;
export let subtitles: OpenSubtitlesServer;
export let network: FingerprintServerProcess;
export let service: ServiceProcess;
export let api: ReturnType<typeof apiClient>;
export let ws: RecordingSocket;
export let driveSlot: string;
export const jobs: Record<'bluray' | 'dvd' | 'movie' | 'folder', number> = { bluray: 0, dvd: 0, movie: 0, folder: 0 };
export const wallStart = Date.now();
export const timings: Record<string, number> = {};

export const job = async (id: number) => (await api.get<Job>(`/api/jobs/${id}`)).body;
export const titlesOf = async (id: number) => (await api.get<Title[]>(`/api/jobs/${id}/titles`)).body;
export const settle = (id: number, states: string[], timeoutMs = 180_000) =>
  eventually(
    () => job(id),
    (j) => states.includes(j.state),
    timeoutMs,
  );
export const tvPath = (episode: number) =>
  join(library.path, 'TV', SHOW, 'Season 01', `${SHOW} - S01E${String(episode).padStart(2, '0')}.mkv`);

/** Puts a disc in the simulated drive: the tray reports it, blkid reads its label, the desktop mounts it. */
export async function insert(disc: FixtureDisc): Promise<void> {
  await unlink(driveSlot).catch(() => undefined);
  await symlink(disc.root, driveSlot);
  await linux.setMounts([`/dev/sr0 ${disc.root} udf ro,nosuid,nodev,relatime 0 0`]);
  await linux.insert(
    'sr0',
    Math.ceil(disc.titles.reduce((s, t) => s + t.sizeBytes, 0) / 512),
    blkidExport('/dev/sr0', disc.label),
  );
}

/** After the service ejected the disc: take it out of the simulated drive. */
export async function takeOut(): Promise<void> {
  await linux.setMounts([]);
  await unlink(driveSlot).catch(() => undefined);
}

export async function newDiscJob(label: string): Promise<Job> {
  const listed = await eventually(
    () => api.get<Job[]>('/api/jobs'),
    (r) => r.body.some((j) => j.volume_label === label && j.source_kind === 'disc'),
    20_000,
  );
  return listed.body.find((j) => j.volume_label === label && j.source_kind === 'disc')!;
}

/** Every file under a folder, relative to it. */
export async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(relative(dir, join(entry.parentPath, entry.name)));
  }
  return out.sort();
}

/** The states a job went through, from its timeline. */
export const transitions = async (id: number) =>
  ((await api.get(`/api/jobs/${id}/detail`)).body as { timeline: { from: string; to: string }[] }).timeline
    .filter((e) => e.from !== e.to)
    .map((e) => e.to);
export const STRAIGHT = ['identifying', 'ripping', 'matching', 'organizing', 'completed'];

/** Registers the world's setup (fixtures, stand-ins, the service) and teardown (with the wall-time figures). */
export function useE2eWorld(): void {
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
    replay = await createMakemkvReplay(join(root, 'makemkv'), {
      drives: { '/dev/sr0': driveSlot },
      secondsPerTitle: 1,
    });

    ({ tmdb, thediscdb, subtitles, network } = await startStandIns(fx, root));

    const dataDir = join(root, 'data');
    await writeE2eConfig(dataDir, { staging, library, replay, linux, tmdb, thediscdb, subtitles, network });
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
    console.log(
      `end-to-end wall time: ${wall.toFixed(1)} s (${Object.entries(timings)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
        .join(', ')})`,
    );
    const artifacts = fileURLToPath(new URL('../../../test-artifacts/e2e/', import.meta.url));
    await mkdir(artifacts, { recursive: true });
    await writeFile(
      join(artifacts, 'end-to-end.json'),
      `${JSON.stringify({ at: new Date().toISOString(), wall_seconds: Math.round(wall * 10) / 10, phases_seconds: Object.fromEntries(Object.entries(timings).map(([k, v]) => [k, Math.round(v / 100) / 10])), second_volume: library?.skipped ?? 'tmpfs', jobs }, null, 2)}\n`,
    );
  });
}
