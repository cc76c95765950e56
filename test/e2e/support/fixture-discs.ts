/**
 * The discs of the end-to-end test, built at test time from the generated matching corpus (nothing
 * downloaded) and cached per content (a folder under os.tmpdir() named by a hash of the generator
 * version and the corpus), like the corpus itself:
 *
 * - `CHRONICLES_S1_D1`, a Blu-ray (BDMV/STREAM + BDMV/PLAYLIST): episodes 1–4 of the corpus season
 *   (H.264 1080p, Dolby Digital), an 8-second studio logo and a Play All playlist of the four.
 *   TheDiscDB knows its content hash.
 * - `GENERATED_CHRONICLES_S1_D2`, a DVD authored by dvdauthor (MPEG-2 program streams made by
 *   `ffmpeg -target ntsc-dvd`): episodes 5–8, the corpus's 25-second extra and a Play All title set.
 * - `LANTERN_HARBOR`, a movie Blu-ray with seamless branching: a theatrical playlist (clips 1, 2, 4)
 *   and an extended one (clips 1–4), a making-of, a trailer, and a warning clip no playlist plays.
 * - `HARBOR_LIGHTS_2003`, a folder of MKV files as a user drops it into staging: a main feature and
 *   a trailer.
 * Every title's truth (what it is) is recorded in the manifest, with its scan index.
 */
import { createHash } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSeasonCorpus } from '../../corpus/season-corpus.ts';
import { buildOnce } from '../../support/build-once.ts';
import { buildMovieBluray, buildStagingMovie } from './fixture-movie-discs.ts';
import { buildTvBluray, buildTvDvd } from './fixture-tv-discs.ts';
import type { E2eFixtures } from './fixture-types.ts';

export type { E2eFixtures, FixtureDisc, FixtureTitle, StagingFixture, TitleTruth } from './fixture-types.ts';

const GENERATOR_VERSION = 3;

/** Builds the discs (or finds them built) and returns where they are and what each title is. */
export async function buildE2eFixtures(options: { cacheRoot?: string } = {}): Promise<E2eFixtures> {
  const corpus = await buildSeasonCorpus({ episodes: 8 });
  const key = createHash('sha1')
    .update(JSON.stringify({ GENERATOR_VERSION, corpus: corpus.discDir }))
    .digest('hex')
    .slice(0, 12);
  const root = join(options.cacheRoot ?? join(tmpdir(), 'spindle-e2e-discs'), key);
  const discs = await buildOnce<Omit<E2eFixtures, 'corpus'>>(root, 'discs.json', async (build) => {
    const work = join(build, 'work');
    await mkdir(work, { recursive: true });
    const built = {
      tvBluray: await buildTvBluray(join(build, 'discs'), corpus, work),
      tvDvd: await buildTvDvd(join(build, 'discs'), corpus, join(work, 'dvd')),
      movieBluray: await buildMovieBluray(join(build, 'discs'), work),
      stagingMovie: await buildStagingMovie(join(build, 'staging')),
    };
    await rm(work, { recursive: true, force: true });
    // Paths in the manifest point at the final folder.
    await writeFile(join(build, 'discs.json'), JSON.stringify(built, null, 2).split(build).join(root));
  });
  return { corpus, ...discs };
}
