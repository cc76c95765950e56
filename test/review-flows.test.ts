/**
 * The review step through the public API with the real organizer: a TV disc whose matches are
 * uncertain finishes through approve-all, and a movie disc with two main features finishes through
 * per-title edition decisions, filed with their edition tags.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFolder, tvSeason } from './support/folder-import.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';

const FIXTURES = fileURLToPath(new URL('./fixtures/third-party-plugins', import.meta.url));
let svc: TestService;
let api: ReturnType<typeof apiClient>;
let staging: string;
let library: string;

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'spindle-review-'));
  staging = join(root, 'staging');
  library = join(root, 'library');
  for (const dir of ['TV', 'Movies']) await mkdir(join(library, dir), { recursive: true });
  await mkdir(join(staging, 'GUESS_SHOW_D1'), { recursive: true });
  await mkdir(join(staging, 'BIG_MOVIE'), { recursive: true });
  await mkdir(join(staging, 'CLASH_D1'), { recursive: true });
  await Promise.all([
    ...[1300, 1322, 1288].map((s, i) => makeLongMkv(join(staging, 'GUESS_SHOW_D1', `t0${i}.mkv`), s)),
    makeLongMkv(join(staging, 'BIG_MOVIE', 'title_t00.mkv'), 6010),
    makeLongMkv(join(staging, 'BIG_MOVIE', 'title_t01.mkv'), 6730),
    ...[1290, 1310, 1333].map((s, i) => makeLongMkv(join(staging, 'CLASH_D1', `t0${i}.mkv`), s)),
  ]);
  svc = await startTestService({
    pluginPaths: [FIXTURES],
    config: {
      staging_path: staging,
      library_tv_path: join(library, 'TV'),
      library_movies_path: join(library, 'Movies'),
      pipeline: { matchers: ['disc-lookup', 'order-guess'] },
    },
  });
  api = apiClient(svc.url);
}, 120_000);
afterAll(() => svc?.close());

interface TitleReviewWire {
  kind: string;
  message: string;
  candidates: { kind: string; score: number }[];
  path: string | null;
}
interface DetailWithReviews {
  review_kind: string | null;
  actions: Record<string, boolean>;
  titles: { id: number; state: string; review: TitleReviewWire | null }[];
  reviews: { scope: string; kind: string; title_id: number | null; title_index: number | null }[];
}

const settle = (id: number, states: string[]) =>
  eventually(
    () => api.get(`/api/jobs/${id}`),
    (r) => states.includes(r.body.state),
    60_000,
  );

describe('review flows', () => {
  it('finishes a TV disc through approve-all', async () => {
    const job = {
      id: await importFolder(api, { staging_path: join(staging, 'GUESS_SHOW_D1'), ...tvSeason('Guess Show', 2) }),
    };
    const review = await settle(job.id, ['review_needed', 'failed', 'completed']);
    expect(review.body.state).toBe('review_needed');
    // Review-band guesses (0.6 each, neighbours as runners-up): the disc-wide pass lifts the first title,
    // whose only alternative episode the second title claims, over auto-accept; the other two wait.
    expect(review.body.review_reason).toMatch(
      /^2 title\(s\) could not be matched with enough confidence; no reference subtitles were found for this season/,
    );
    const titles = (await api.get(`/api/jobs/${job.id}/titles`)).body as {
      state: string;
      match_confidence: number;
      match_details: { components: { name: string }[] };
    }[];
    expect(titles.map((t) => t.state).sort()).toEqual(['matched', 'review', 'review']);
    for (const t of titles)
      expect(t.match_details.components.map((c) => c.name)).toEqual(['disc_order_prior', 'joint_assignment']);
    // The review as data: each waiting title says why (kind) with the candidates to choose from; the job lists them.
    const detail = (await api.get(`/api/jobs/${job.id}/detail`)).body as DetailWithReviews;
    const waiting = detail.titles.filter((t) => t.state === 'review');
    for (const t of waiting) {
      expect(t.review).toMatchObject({ kind: 'low_confidence', path: null });
      expect(t.review!.candidates.length).toBeGreaterThan(0);
      expect(t.review!.message.length).toBeGreaterThan(0);
    }
    expect(detail.titles.filter((t) => t.state !== 'review').every((t) => t.review === null)).toBe(true);
    expect(detail.reviews.map((r) => [r.scope, r.kind, r.title_id])).toEqual([
      ['job', 'titles', null],
      ...waiting.map((t) => ['title', 'low_confidence', t.id]),
    ]);
    expect(detail.actions).toMatchObject({
      start: true,
      approve_all: true,
      review: true,
      rematch: true,
      retry: false,
      give_up: false,
    });
    expect((await api.post(`/api/jobs/${job.id}/approve-all`)).body.state).toBe('organizing');
    const done = await settle(job.id, ['completed', 'failed']);
    expect(done.body.state).toBe('completed');
    expect((await readdir(join(library, 'TV', 'Guess Show', 'Season 02'))).sort()).toEqual([
      'Guess Show - S02E01.mkv',
      'Guess Show - S02E02.mkv',
      'Guess Show - S02E03.mkv',
    ]);
  });

  it('asks before replacing a file already in the library, and replaces it only when told to', async () => {
    const season = join(library, 'TV', 'Clash', 'Season 01');
    await mkdir(season, { recursive: true });
    const { writeFile, readFile, stat } = await import('node:fs/promises');
    await writeFile(join(season, 'Clash - S01E02.mkv'), 'an older copy');
    expect((await api.put('/api/config', { conflict_resolution_default: 'ask' })).status).toBe(200);
    try {
      const job = { id: await importFolder(api, { staging_path: join(staging, 'CLASH_D1'), ...tvSeason('Clash') }) };
      await settle(job.id, ['review_needed']);
      await api.post(`/api/jobs/${job.id}/approve-all`);
      const conflict = await eventually(
        () => api.get(`/api/jobs/${job.id}`),
        (r) => r.body.state === 'review_needed' && /already exists/.test(r.body.review_reason),
        60_000,
      );
      expect(conflict.body.review_reason).toMatch(/library file: [\d.]+ MB.*new rip: [\d.]+ MB/);
      const titles = (await api.get(`/api/jobs/${job.id}/titles`)).body as {
        id: number;
        state: string;
        title_index: number;
      }[];
      expect(titles.map((t) => t.state)).toEqual(['matched', 'review', 'matched']);
      // The conflict is data: its kind and the path taken, whatever the words say.
      const detail = (await api.get(`/api/jobs/${job.id}/detail`)).body as DetailWithReviews;
      expect(detail.review_kind).toBe('organize');
      expect(detail.titles[1]!.review).toMatchObject({ kind: 'conflict', path: join(season, 'Clash - S01E02.mkv') });
      expect(detail.reviews.map((r) => [r.scope, r.kind, r.title_index])).toEqual([
        ['job', 'organize', null],
        ['title', 'conflict', 1],
      ]);
      expect(conflict.body.review_reason).toContain(detail.titles[1]!.review!.message); // the spec's string is made of the messages
      const decided = await api.post(`/api/jobs/${job.id}/review`, {
        title_id: titles[1]!.id,
        conflict_resolution: 'overwrite',
      });
      expect(decided.body).toMatchObject({ conflict_resolution: 'overwrite', matched_episode: 'S01E02' });
      const done = await settle(job.id, ['completed', 'failed']);
      expect(done.body.state).toBe('completed');
      expect((await readdir(season)).sort()).toEqual([
        'Clash - S01E01.mkv',
        'Clash - S01E02.mkv',
        'Clash - S01E03.mkv',
      ]);
      expect(await readFile(join(season, 'Clash - S01E02.mkv'), 'utf8')).not.toBe('an older copy');
      expect((await stat(join(season, 'Clash - S01E02.mkv'))).size).toBeGreaterThan(1000);
      const final = (await api.get(`/api/jobs/${job.id}/titles`)).body as { conflict_resolution: string | null }[];
      expect(final.map((t) => t.conflict_resolution)).toEqual([null, 'overwrite', null]);
    } finally {
      await api.put('/api/config', { conflict_resolution_default: 'skip' });
    }
  });

  it('finishes a movie disc with two main features through edition decisions', async () => {
    const job = (await api.post('/api/staging/import', { staging_path: join(staging, 'BIG_MOVIE'), mode: 'move' }))
      .body;
    const review = await settle(job.id, ['review_needed', 'failed', 'completed']);
    expect(review.body).toMatchObject({ state: 'review_needed', content_type: 'movie', is_ambiguous_movie: true });
    const titles = (await api.get(`/api/jobs/${job.id}/titles`)).body as {
      id: number;
      title_index: number;
      duration_seconds: number;
    }[];
    expect(titles).toHaveLength(2);
    expect(
      (await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[0]!.id, edition: 'Theatrical' })).status,
    ).toBe(200);
    expect(
      (await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[1]!.id, edition: 'Extended' })).status,
    ).toBe(200);
    expect((await api.get(`/api/jobs/${job.id}`)).body.state).toBe('review_needed'); // identification review waits for start
    expect((await api.post(`/api/jobs/${job.id}/start`)).status).toBe(200);
    const done = await settle(job.id, ['completed', 'failed']);
    expect(done.body).toMatchObject({ state: 'completed', library_path: join(library, 'Movies', 'Big Movie') });
    expect((await readdir(join(library, 'Movies', 'Big Movie'))).sort()).toEqual([
      'Big Movie {edition-Extended}.mkv',
      'Big Movie {edition-Theatrical}.mkv',
    ]);
    // Cleanup runs right after the completed state is stored.
    await eventually(
      async () => existsSync(join(staging, 'BIG_MOVIE')),
      (exists) => !exists,
      10_000,
    );
  });
});
