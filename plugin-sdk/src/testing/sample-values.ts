/**
 * Canned inputs for tests and conformance suites: a TV disc (four episodes, a Play All and a
 * short clip) and a movie disc (a main feature, two extras and a short clip).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ContributedTitle, JobCompletedInput } from '../stages/contributor.ts';
import type { IdentifyInput } from '../stages/identifier.ts';
import type { MatchInput } from '../stages/matcher.ts';
import type { DiscMapping, DiscScan, JobView, MatchResult, OrganizeInput, ScannedTitle, TitleView } from '../values.ts';

const title = (index: number, durationSeconds: number, resolution = '1080p'): ScannedTitle => ({
  index,
  durationSeconds,
  sizeBytes: Math.round(durationSeconds * 4_000_000),
  resolution,
  sourceFile: `title_t${String(index).padStart(2, '0')}.mkv`,
  outputFileName: `title_t${String(index).padStart(2, '0')}.mkv`,
});

export function sampleTvScan(): DiscScan {
  return {
    volumeLabel: 'SAMPLE_SHOW_S1_D1',
    discType: 'bluray',
    contentHash: '0123456789ABCDEF0123456789ABCDEF',
    titles: [title(0, 1322), title(1, 1290), title(2, 1345), title(3, 1310), title(4, 5267), title(5, 45)],
  };
}

export function sampleMovieScan(): DiscScan {
  return {
    volumeLabel: 'SAMPLE_MOVIE',
    discType: 'bluray',
    contentHash: null,
    titles: [title(0, 7384), title(1, 610), title(2, 1205), title(3, 30)],
  };
}

export function sampleTvMappings(): DiscMapping[] {
  return [0, 1, 2, 3].map((i) => ({
    titleIndex: i,
    assignment: 'episode',
    season: 1,
    episode: i + 1,
    episodeEnd: null,
    name: `Episode ${i + 1}`,
  }));
}

export function sampleJob(overrides: Partial<JobView> = {}): JobView {
  return {
    id: 1,
    source: { kind: 'disc', path: null, driveId: '/dev/sr0', volumeLabel: 'SAMPLE_SHOW_S1_D1' },
    contentType: 'tv',
    volumeLabel: 'SAMPLE_SHOW_S1_D1',
    detectedTitle: 'Sample Show',
    detectedYear: 2020,
    detectedSeason: 1,
    discNumber: 1,
    contentHash: '0123456789ABCDEF0123456789ABCDEF',
    catalogId: null,
    catalogTitle: null,
    discMappings: sampleTvMappings(),
    stagingPath: null,
    identityDeclared: false,
    ...overrides,
  };
}

export function sampleMovieJob(overrides: Partial<JobView> = {}): JobView {
  return sampleJob({
    source: { kind: 'disc', path: null, driveId: '/dev/sr0', volumeLabel: 'SAMPLE_MOVIE' },
    contentType: 'movie',
    volumeLabel: 'SAMPLE_MOVIE',
    detectedTitle: 'Sample Movie',
    detectedSeason: null,
    discNumber: null,
    contentHash: null,
    discMappings: null,
    ...overrides,
  });
}

/** A job read from a disc with only its volume label: type, title, season, disc, mappings and hash still unknown. */
export function sampleUnknownJob(volumeLabel: string, overrides: Partial<JobView> = {}): JobView {
  return sampleJob({
    volumeLabel,
    contentType: 'unknown',
    detectedTitle: null,
    detectedSeason: null,
    discNumber: null,
    discMappings: null,
    contentHash: null,
    ...overrides,
  });
}

/** A fresh job (nothing detected yet) per canned scan, for identifiers. */
export function sampleIdentifyInputs(): IdentifyInput[] {
  const blank = { detectedTitle: null, detectedYear: null, detectedSeason: null, discNumber: null, discMappings: null };
  return [
    { job: sampleJob({ ...blank, contentType: 'unknown' }), scan: sampleTvScan(), previous: [] },
    { job: sampleMovieJob({ ...blank, contentType: 'unknown' }), scan: sampleMovieScan(), previous: [] },
  ];
}

export function titleViewOf(scanned: ScannedTitle, overrides: Partial<TitleView> = {}): TitleView {
  return {
    id: scanned.index + 1,
    titleIndex: scanned.index,
    durationSeconds: scanned.durationSeconds,
    sizeBytes: scanned.sizeBytes,
    resolution: scanned.resolution,
    state: 'matching',
    filePath: `/staging/job_1/${scanned.outputFileName ?? `title_t${scanned.index}.mkv`}`,
    isExtra: false,
    ...overrides,
  };
}

/** One input per TV title; the job carries disc-lookup mappings for the four episodes. */
export function sampleMatchInputs(): MatchInput[] {
  const job = sampleJob();
  const titles = sampleTvScan()
    .titles.slice(0, 4)
    .map((t) => titleViewOf(t));
  return titles.map((t) => ({ job, title: t, siblings: titles.filter((s) => s !== t), previous: [] }));
}

export function sampleEpisodeMatch(season: number, episode: number, overrides: Partial<MatchResult> = {}): MatchResult {
  return {
    kind: 'episode',
    season,
    episode,
    episodeEnd: null,
    edition: null,
    confidence: 0.92,
    source: 'local_asr',
    components: [{ name: 'transcript_similarity', value: 0.92, weight: 1 }],
    candidates: [],
    ...overrides,
  };
}

export function sampleContributorInput(): JobCompletedInput {
  const titles: ContributedTitle[] = sampleTvScan()
    .titles.slice(0, 4)
    .map((t) => ({ title: titleViewOf(t, { state: 'completed' }), match: sampleEpisodeMatch(1, t.index + 1) }));
  return { job: sampleJob(), titles };
}

/**
 * Writes a small staging folder (two episodes and one extra, a few KiB each) under `root` and
 * returns an OrganizeInput that files them into empty library roots under `root`.
 */
export async function writeSampleOrganizeInput(root: string): Promise<OrganizeInput> {
  const staging = join(root, 'staging', 'job_1');
  const libraryMoviesPath = join(root, 'library', 'Movies');
  const libraryTvPath = join(root, 'library', 'TV');
  for (const dir of [staging, libraryMoviesPath, libraryTvPath]) await mkdir(dir, { recursive: true });
  const file = async (name: string, size: number) => {
    const path = join(staging, name);
    await writeFile(path, Buffer.alloc(size, name));
    return path;
  };
  return {
    job: sampleJob({ stagingPath: staging }),
    titles: [
      {
        titleIndex: 0,
        filePath: await file('title_t00.mkv', 4096),
        match: sampleEpisodeMatch(1, 1),
        conflictResolution: null,
      },
      {
        titleIndex: 1,
        filePath: await file('title_t01.mkv', 5120),
        match: sampleEpisodeMatch(1, 2),
        conflictResolution: null,
      },
      {
        titleIndex: 2,
        filePath: await file('title_t02.mkv', 1024),
        match: { ...sampleEpisodeMatch(1, 3), kind: 'extra', season: null, episode: null },
        conflictResolution: null,
      },
    ],
    libraryMoviesPath,
    libraryTvPath,
    extrasPolicy: 'skip',
    conflictDefault: 'skip',
  };
}
