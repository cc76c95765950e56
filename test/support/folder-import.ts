/**
 * The smallest pipeline that files a movie from a folder (heuristic identifier, runtime matcher that
 * takes a 150-second title as the feature); importing a folder through the API and waiting until its
 * job has settled.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import { eventually, type apiClient } from './http-client.ts';
import { makeLongMkv } from './make-media.ts';

/** Only local stages, no detectors (jobs come from the test): heuristic identifier, runtime matcher. */
export const LOCAL_PIPELINE = {
  detectors: [],
  identifiers: ['heuristic'],
  matchers: ['movie-runtime'],
  contributors: [],
  providers: {},
};

/** The runtime matcher's setting that lets a short test title count as a feature. */
export const SHORT_FEATURES = { 'matcher-movie-runtime': { feature_min_minutes: 1 } };

const SETTLED = ['completed', 'failed', 'review_needed'];

/** POST /api/staging/import with `body`; 201 expected; the new job's id. */
export async function importFolder(api: ReturnType<typeof apiClient>, body: Record<string, unknown>): Promise<number> {
  const created = await api.post('/api/staging/import', body);
  expect(created.status).toBe(201);
  return created.body.id as number;
}

/** GET `path` (a job, or its detail) until the job has settled; `seen` collects the states it passed. */
export function untilSettled(api: ReturnType<typeof apiClient>, path: string, timeout = 120_000, seen?: Set<string>) {
  return eventually(
    () => api.get(path),
    (r) => {
      seen?.add(r.body.state);
      return SETTLED.includes(r.body.state);
    },
    timeout,
  );
}

/** Imports with `body`, then the job once it has settled; `seen` collects the states it passed. */
export async function importAndSettle(
  api: ReturnType<typeof apiClient>,
  body: Record<string, unknown>,
  timeout = 120_000,
  seen?: Set<string>,
) {
  const id = await importFolder(api, body);
  return untilSettled(api, `/api/jobs/${id}`, timeout, seen);
}

/** The import fields that declare a folder a season (default 1) of the series `title`. */
export const tvSeason = (title: string, season = 1) => ({
  content_type: 'tv',
  detected_title: title,
  detected_season: season,
});

/** A folder `name` inside `staging` with one 150-second title, imported as the movie `title`; waits until the job settles. */
export async function importMovie(api: ReturnType<typeof apiClient>, staging: string, name: string, title: string) {
  await mkdir(join(staging, name));
  await makeLongMkv(join(staging, name, 'title_t00.mkv'), 150);
  return importAndSettle(api, { staging_path: join(staging, name), content_type: 'movie', detected_title: title });
}

/** How a disc of the generated season corpus (test/corpus/season-corpus.ts) is imported: its show, season 1. */
export const GENERATED_SEASON = tvSeason('Generated Chronicles');
