/**
 * The stand-ins around the real service in the end-to-end scenario: local TMDB, TheDiscDB and
 * OpenSubtitles servers in their documented shapes, the real fingerprint-server process, and the
 * service's configuration pointing at them (and at the simulated drive and the makemkvcon stand-in).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  spawnFingerprintServer,
  type FingerprintServerProcess,
} from '../../../fingerprint-server/test/server-process.ts';
import type { FakeLinux } from '../../../plugins/detector-linux-drive/test/fake-linux.ts';
import {
  startTheDiscDbServer,
  type TheDiscDbServer,
  type WireItem,
} from '../../../plugins/provider-thediscdb/test/support/thediscdb-server.ts';
import {
  SAMPLE_TOKEN,
  startTmdbServer,
  type TmdbServer,
} from '../../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import {
  startOpenSubtitlesServer,
  type OpenSubtitlesServer,
} from '../../../plugins/subtitles-opensubtitles/test/support/opensubtitles-server.ts';
import type { MakemkvReplay } from '../../support/makemkv-replay.ts';
import { writeConfig } from '../../support/service-harness.ts';
import {
  clock,
  FOLDER_MOVIE_ID,
  MOVIE_ID,
  OS_KEY,
  OS_PASSWORD,
  OS_USER,
  SHORT_TITLE_SECONDS,
  SHOW,
  SHOW_ID,
} from './e2e-records.ts';
import type { E2eFixtures, FixtureDisc } from './fixture-discs.ts';
import type { SecondVolume } from './second-volume.ts';

export interface StandIns {
  tmdb: TmdbServer;
  thediscdb: TheDiscDbServer;
  subtitles: OpenSubtitlesServer;
  network: FingerprintServerProcess;
}

/** TheDiscDB's record of the Blu-ray: its content hash, the four episodes, the Play All; the logo has no item. */
export function discDbItem(disc: FixtureDisc): WireItem {
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
                  ? {
                      title: `Chapter ${t.truth.episode}`,
                      season: '1',
                      episode: String(t.truth.episode),
                      type: 'Episode',
                    }
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

/** Starts the catalog, disc-lookup and subtitle servers and the fingerprint server (its database under `root`). */
export async function startStandIns(fx: E2eFixtures, root: string): Promise<StandIns> {
  const tmdb = await startTmdbServer({
    shows: [
      {
        id: SHOW_ID,
        name: SHOW,
        first_air_date: '2019-03-01',
        popularity: 12,
        seasons: { 1: [2, 2, 2, 2, 2, 2, 2, 2] },
      },
      {
        id: 8181,
        name: 'Chronicles of the Deep',
        first_air_date: '2004-09-12',
        popularity: 30,
        seasons: { 1: [44, 44, 44] },
      },
    ],
    movies: [
      { id: MOVIE_ID, title: 'Lantern Harbor', release_date: '2004-10-08', popularity: 9 },
      { id: FOLDER_MOVIE_ID, title: 'Harbor Lights', release_date: '2003-05-16', popularity: 7, runtime: 92 },
    ],
  });
  const thediscdb = await startTheDiscDbServer({ items: [discDbItem(fx.tvBluray)] });
  const srts = [];
  for (let e = 1; e <= 8; e++) {
    const content = await readFile(join(fx.corpus.srtDir, `${SHOW}.S01E${String(e).padStart(2, '0')}.srt`), 'utf8');
    srts.push({
      id: 300 + e,
      fileId: 7000 + e,
      language: 'en',
      type: 'episode' as const,
      parentTmdbId: SHOW_ID,
      season: 1,
      episode: e,
      fileName: `Generated.Chronicles.S01E0${e}.WEB`,
      content,
    });
  }
  const subtitles = await startOpenSubtitlesServer({
    apiKey: OS_KEY,
    username: OS_USER,
    password: OS_PASSWORD,
    subtitles: srts,
    allowedDownloads: 20,
  });
  const network = await spawnFingerprintServer({ DATABASE_URL: `sqlite://${join(root, 'network', 'network.db')}` });
  return { tmdb, thediscdb, subtitles, network };
}

/** Writes the service's configuration: the scratch and library folders, the stand-ins, the pipeline. */
export async function writeE2eConfig(
  dataDir: string,
  world: { staging: string; library: SecondVolume; replay: MakemkvReplay; linux: FakeLinux } & StandIns,
): Promise<void> {
  const { staging, library, replay, linux, thediscdb, tmdb, subtitles } = world;
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
      providers: {
        disc_lookup: ['thediscdb'],
        catalog: ['tmdb'],
        subtitles: ['opensubtitles'],
        transcriber: ['pocketsphinx'],
        fingerprinter: ['chromaprint'],
      },
    },
    plugin_settings: {
      'detector-linux-drive': linux.settings({ poll_interval_seconds: 0.2 }),
      'provider-thediscdb': { endpoint: thediscdb.url },
      'provider-tmdb': { base_url: tmdb.url },
      'subtitles-opensubtitles': {
        api_key: OS_KEY,
        username: OS_USER,
        password: OS_PASSWORD,
        base_url: `${subtitles.url}/api/v1`,
      },
      'identifier-heuristic': {
        short_title_max_seconds: SHORT_TITLE_SECONDS,
        episode_min_minutes: 1,
        short_episode_min_minutes: 1,
      },
    },
  });
}
