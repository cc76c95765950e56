import { existsSync } from 'node:fs';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClient, eventually } from '../../../test/support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';
import { connectWs } from '../../../test/support/ws-client.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE }, env: { DEBUG: 'true' } });
  api = apiClient(svc.url);
});
afterAll(() => svc.close());
beforeEach(async () => {
  expect((await api.del('/api/simulate/reset-all-jobs')).status).toBe(200);
});

/** A job parked in review_needed with two titles waiting for a decision. */
async function jobInReview() {
  const { jobService, db } = svc.service;
  const job = await jobService.create({
    sourceKind: 'folder',
    volumeLabel: 'SHOW_S1_D1',
    contentType: 'tv',
    detectedSeason: 1,
  });
  const candidates = [
    { kind: 'episode', season: 1, episode: 3, episodeEnd: null, edition: null, score: 0.62 },
    { kind: 'episode', season: 1, episode: 4, episodeEnd: null, edition: null, score: 0.4 },
  ];
  const details = {
    kind: 'episode',
    season: 1,
    episode: 3,
    episodeEnd: null,
    edition: null,
    confidence: 0.62,
    source: 'local_asr',
    components: [],
    candidates,
  };
  const titles = await db.titles.replaceForJob(job.id, [
    {
      titleIndex: 0,
      durationSeconds: 1300,
      sizeBytes: 10,
      state: 'review',
      matchDetailsJson: JSON.stringify(details),
      filePath: '/x/a.mkv',
    },
    {
      titleIndex: 1,
      durationSeconds: 1310,
      sizeBytes: 10,
      state: 'review',
      matchDetailsJson: null,
      filePath: '/x/b.mkv',
    },
  ]);
  for (const s of ['identifying', 'ripping', 'matching'] as const) await jobService.transition(job.id, s);
  await jobService.transition(job.id, 'review_needed', {
    patch: { reviewReason: '2 titles need review', resumeState: 'organizing' },
  });
  return { job, titles };
}

describe('jobs API', () => {
  it('lists active jobs newest first, at most 10, without cleared ones', async () => {
    expect((await api.get('/api/jobs')).body).toEqual([]);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api.post('/api/simulate/insert-disc', { volume_label: `DISC_${i}`, simulate_ripping: false });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const list = await api.get('/api/jobs');
    expect(list.body.map((j: { id: number }) => j.id)).toEqual(ids.slice(2).reverse());
    expect((await api.del(`/api/jobs/${ids[11]}`)).body.cleared_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await api.get('/api/jobs')).body.map((j: { id: number }) => j.id)).not.toContain(ids[11]);
  });

  it('answers one job, its detail and its titles, with 404 and 400 for bad ids', async () => {
    const created = (
      await api.post('/api/simulate/insert-disc', {
        volume_label: 'MOVIE_X',
        content_type: 'movie',
        simulate_ripping: false,
      })
    ).body;
    const one = await api.get(`/api/jobs/${created.id}`);
    expect(one).toMatchObject({
      status: 200,
      body: { id: created.id, state: 'idle', content_type: 'movie', volume_label: 'MOVIE_X', cleared_at: null },
    });
    expect(one.body.created_at).toMatch(/Z$/);
    const detail = await api.get(`/api/jobs/${created.id}/detail`);
    expect(detail.body).toMatchObject({ id: created.id, titles: [], disc_mappings: null });
    expect((await api.get(`/api/jobs/${created.id}/titles`)).body).toEqual([]);
    expect((await api.get('/api/jobs/999999')).body.error.code).toBe('job_not_found');
    expect((await api.get('/api/jobs/999999/detail')).status).toBe(404);
    expect((await api.get('/api/jobs/999999/titles')).status).toBe(404);
    expect((await api.get('/api/jobs/abc')).status).toBe(400);
    expect((await api.get('/api/jobs/-1')).status).toBe(400);
  });

  it('runs a simulated disc to completion and broadcasts every transition in order', async () => {
    const ws = await connectWs(svc.url);
    const created = (
      await api.post('/api/simulate/insert-disc', {
        volume_label: 'FAST_SHOW',
        content_type: 'tv',
        simulate_ripping: true,
        rip_speed_multiplier: 50,
      })
    ).body;
    const done = await eventually(
      () => api.get(`/api/jobs/${created.id}`),
      (r) => r.body.state === 'completed',
    );
    expect(done.body).toMatchObject({
      progress_percent: 100,
      detected_title: 'FAST SHOW',
      classification_source: 'heuristic',
    });
    const titles = (await api.get(`/api/jobs/${created.id}/titles`)).body;
    expect(titles.map((t: { state: string }) => t.state)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(titles.map((t: { matched_episode: string }) => t.matched_episode)).toEqual([
      'S01E01',
      'S01E02',
      'S01E03',
      'S01E04',
    ]);
    await ws.waitFor((m) => m.type === 'job_update' && m.job_id === created.id && m.state === 'completed');
    const states = ws.messages.filter((m) => m.type === 'job_update' && m.job_id === created.id).map((m) => m.state);
    const transitions = states.filter((s, i) => i === 0 || s !== states[i - 1]);
    expect(transitions).toEqual(['idle', 'identifying', 'ripping', 'matching', 'organizing', 'completed']);
    expect(
      ws.messages.some(
        (m) =>
          m.type === 'job_update' &&
          m.state === 'ripping' &&
          typeof m.current_speed === 'string' &&
          m.eta_seconds !== null,
      ),
    ).toBe(true);
    expect(ws.messages.some((m) => m.type === 'title_update' && m.job_id === created.id && m.state === 'matched')).toBe(
      true,
    );
    await ws.close();
  });

  it('starts only idle or review_needed jobs (409 otherwise)', async () => {
    const created = (await api.post('/api/simulate/insert-disc', { volume_label: 'SLOW', simulate_ripping: false }))
      .body;
    await api.post(`/api/simulate/advance-job/${created.id}`);
    const res = await api.post(`/api/jobs/${created.id}/start`);
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'job_not_startable' } } });
    expect((await api.post('/api/jobs/424242/start')).status).toBe(404);
  });

  it('cancels a running job: it fails with "Cancelled by user" and stops progressing; 409 once terminal', async () => {
    const created = (
      await api.post('/api/simulate/insert-disc', {
        volume_label: 'LONG',
        simulate_ripping: true,
        rip_speed_multiplier: 0.5,
      })
    ).body;
    await eventually(
      () => api.get(`/api/jobs/${created.id}`),
      (r) => r.body.state === 'ripping',
    );
    const cancelled = await api.post(`/api/jobs/${created.id}/cancel`);
    expect(cancelled).toMatchObject({ status: 200, body: { state: 'failed', error_message: 'Cancelled by user' } });
    expect(cancelled.body.completed_at).not.toBeNull();
    const progressAfter = (await api.get(`/api/jobs/${created.id}`)).body.progress_percent;
    await new Promise((r) => setTimeout(r, 300));
    expect((await api.get(`/api/jobs/${created.id}`)).body).toMatchObject({
      state: 'failed',
      progress_percent: progressAfter,
    });
    expect((await api.post(`/api/jobs/${created.id}/cancel`)).status).toBe(409);
  });

  it('refuses to clear a running job and keeps cleared jobs in history', async () => {
    const created = (await api.post('/api/simulate/insert-disc', { volume_label: 'CLEAR_ME', simulate_ripping: false }))
      .body;
    await api.post(`/api/simulate/advance-job/${created.id}`);
    expect((await api.del(`/api/jobs/${created.id}`)).status).toBe(409);
    await api.post(`/api/jobs/${created.id}/cancel`);
    expect((await api.del(`/api/jobs/${created.id}`)).status).toBe(200);
    const history = await api.get('/api/jobs/history');
    expect(history.body.items.map((j: { id: number }) => j.id)).toContain(created.id);
    expect((await api.del('/api/jobs/999999')).status).toBe(404);
  });

  it('records review decisions per title and continues when none is left', async () => {
    const { job, titles } = await jobInReview();
    const bad = await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[0]!.id, episode_code: 'E01' });
    expect(bad).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining('episode_code') } } });
    expect((await api.post(`/api/jobs/${job.id}/review`, { episode_code: 'S01E01' })).status).toBe(400);
    expect((await api.post(`/api/jobs/${job.id}/review`, { title_id: 999999, episode_code: 'S01E01' })).status).toBe(
      404,
    );
    const first = await api.post(`/api/jobs/${job.id}/review`, {
      title_id: titles[0]!.id,
      episode_code: 'S01E05',
      edition: null,
    });
    expect(first).toMatchObject({
      status: 200,
      body: { state: 'matched', matched_episode: 'S01E05', match_source: 'user_review', match_confidence: 1 },
    });
    expect((await api.get(`/api/jobs/${job.id}`)).body.state).toBe('review_needed');
    await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[1]!.id, episode_code: 'S01E06' });
    // No organizer is configured in this test service, so the continued job fails in organizing: it did continue.
    const after = await eventually(
      () => api.get(`/api/jobs/${job.id}`),
      (r) => r.body.state === 'failed',
    );
    expect(after.body.error_message).toContain('No organizer is configured');
    const timeline = (await api.get(`/api/jobs/${job.id}/detail`)).body.timeline as {
      from: string;
      to: string;
      message: string;
    }[];
    expect(timeline.filter((e) => e.from !== e.to).map((e) => e.to)).toEqual([
      'identifying',
      'ripping',
      'matching',
      'review_needed',
      'organizing',
      'failed',
    ]);
    expect(timeline.filter((e) => e.from === e.to).map((e) => e.message)).toEqual([
      'title 0 → S01E05 (review)',
      'title 1 → S01E06 (review)',
    ]);
  });

  it('refuses review on a job that is not in review (409), whichever title is named', async () => {
    const created = (
      await api.post('/api/simulate/insert-disc', { volume_label: 'NOT_REVIEW', simulate_ripping: false })
    ).body;
    const { titles } = await jobInReview();
    // The job's state is the first thing wrong: 409 even for another job's title (it used to say 404 title_not_found).
    const foreign = await api.post(`/api/jobs/${created.id}/review`, {
      title_id: titles[0]!.id,
      episode_code: 'S01E01',
    });
    expect(foreign).toMatchObject({ status: 409, body: { error: { code: 'job_not_in_review' } } });
    const own = await svc.service.db.titles.replaceForJob(created.id, [
      { titleIndex: 0, durationSeconds: 1, sizeBytes: 1 },
    ]);
    expect(
      (await api.post(`/api/jobs/${created.id}/review`, { title_id: own[0]!.id, episode_code: 'S01E01' })).status,
    ).toBe(409);
    expect((await api.post(`/api/jobs/${created.id}/approve-all`)).status).toBe(409);
  });

  it('approve-all takes every best candidate, keeps titles without one in review, and continues once they are decided', async () => {
    const { job, titles } = await jobInReview();
    const first = await api.post(`/api/jobs/${job.id}/approve-all`);
    expect(first).toMatchObject({ status: 200, body: { state: 'review_needed' } });
    expect(first.body.review_reason).toContain('title(s) 1 have no suggestion');
    const after = (await api.get(`/api/jobs/${job.id}/titles`)).body;
    expect(after.find((t: { id: number }) => t.id === titles[0]!.id)).toMatchObject({
      state: 'matched',
      matched_episode: 'S01E03',
      match_confidence: 0.62,
    });
    expect(after.find((t: { id: number }) => t.id === titles[1]!.id)).toMatchObject({ state: 'review' });
    const skipped = await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[1]!.id, skip: true });
    expect(skipped.body).toMatchObject({ state: 'matched', matched_episode: null, match_source: 'user_review' });
    expect((await api.get(`/api/jobs/${job.id}`)).body.state).not.toBe('review_needed');
    const notes = (await api.get(`/api/jobs/${job.id}/detail`)).body.timeline
      .filter((e: { from: string; to: string }) => e.from === e.to)
      .map((e: { message: string }) => e.message);
    expect(notes).toEqual(['title 0 → S01E03 (approve-all)', 'title 1 → skipped (review)']);
  });

  it('approve-all with nothing to approve says so (409) and leaves the job as it was; continue names no API path', async () => {
    const { job, titles } = await jobInReview();
    await svc.service.db.titles.update(titles[0]!.id, { matchDetailsJson: null });
    const refused = await api.post(`/api/jobs/${job.id}/approve-all`);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'nothing_to_approve' } } });
    expect(refused.body.error.message).toContain('none of the 2 title(s) waiting');
    expect(refused.body.error.message).toContain('review queue');
    const after = (await api.get(`/api/jobs/${job.id}`)).body;
    expect(after).toMatchObject({ state: 'review_needed', review_reason: '2 titles need review' });
    expect((await api.get(`/api/jobs/${job.id}/titles`)).body.map((t: { state: string }) => t.state)).toEqual([
      'review',
      'review',
    ]);
    const started = await api.post(`/api/jobs/${job.id}/start`);
    expect(started).toMatchObject({ status: 409, body: { error: { code: 'review_pending' } } });
    expect(started.body.error.message).toBe(
      `Job ${job.id} still has 2 title(s) waiting for a decision. Open the review queue and decide each one, or approve all best guesses.`,
    );
    expect(started.body.error.message).not.toMatch(/\/(review|approve-all|api)\b/);
  });

  it('clears every finished job from the dashboard at once, keeping running ones, history and files', async () => {
    const { jobService } = svc.service;
    const folder = await mkdtemp(join(tmpdir(), 'spindle-clear-'));
    await writeFile(join(folder, 'title_t00.mkv'), 'ripped');
    const done = await jobService.create({
      sourceKind: 'folder',
      volumeLabel: 'DONE_DISC',
      sourcePath: folder,
      stagingPath: folder,
    });
    for (const s of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const)
      await jobService.transition(done.id, s);
    const failed = (
      await api.post('/api/simulate/insert-disc', { volume_label: 'FAILED_DISC', simulate_ripping: false })
    ).body;
    expect((await api.post(`/api/jobs/${failed.id}/cancel`)).body.state).toBe('failed');
    const idle = (await api.post('/api/simulate/insert-disc', { volume_label: 'IDLE_DISC', simulate_ripping: false }))
      .body;
    const { job: inReview } = await jobInReview();

    const res = await api.post('/api/jobs/clear-finished');
    expect(res.status).toBe(200);
    expect(res.body.job_ids).toEqual(expect.arrayContaining([done.id, failed.id]));
    expect(res.body.cleared).toBe(res.body.job_ids.length);
    expect(res.body.job_ids).not.toContain(idle.id);
    expect(res.body.job_ids).not.toContain(inReview.id);
    const listed = (await api.get('/api/jobs')).body.map((j: { id: number }) => j.id);
    expect(listed).toEqual(expect.arrayContaining([idle.id, inReview.id]));
    expect(listed).not.toContain(done.id);
    expect(listed).not.toContain(failed.id);
    // Only the dashboard forgets them: history keeps both, the file is where it was.
    const history = (await api.get('/api/jobs/history?per_page=100')).body.items.map((j: { id: number }) => j.id);
    expect(history).toEqual(expect.arrayContaining([done.id, failed.id]));
    expect((await api.get(`/api/jobs/${done.id}`)).body.cleared_at).toMatch(/^\d{4}-/);
    expect(existsSync(join(folder, 'title_t00.mkv'))).toBe(true);
    // Nothing left to clear: an empty answer, not an error.
    expect((await api.post('/api/jobs/clear-finished')).body).toEqual({ cleared: 0, job_ids: [] });
  });

  it('with "always ask before filing", deciding the last title leads to the plan, which approve-all files', async () => {
    expect((await api.put('/api/config', { always_ask_before_filing: true })).status).toBe(200);
    try {
      const { job, titles } = await jobInReview();
      await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[0]!.id, episode_code: 'S01E03' });
      await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[1]!.id, skip: true });
      const held = (await api.get(`/api/jobs/${job.id}`)).body;
      expect(held).toMatchObject({ state: 'review_needed', review_kind: 'filing' });
      expect(held.review_reason).toBe(
        'Check the plan before filing: 1 title(s) would be filed into the library, 1 left out. Approve the plan to file them.',
      );
      // Another decision while the plan waits does not file it either.
      await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[1]!.id, episode_code: 'S01E04' });
      const replanned = (await api.get(`/api/jobs/${job.id}`)).body;
      expect(replanned).toMatchObject({ state: 'review_needed', review_kind: 'filing' });
      expect(replanned.review_reason).toBe(
        'Check the plan before filing: 2 title(s) would be filed into the library. Approve the plan to file them.',
      );
      const approved = await api.post(`/api/jobs/${job.id}/approve-all`);
      expect(approved).toMatchObject({ status: 200, body: { state: 'organizing' } });
    } finally {
      await api.put('/api/config', { always_ask_before_filing: false });
    }
  });

  it('records a conflict choice on the title', async () => {
    const { job, titles } = await jobInReview();
    const res = await api.post(`/api/jobs/${job.id}/review`, {
      title_id: titles[0]!.id,
      conflict_resolution: 'overwrite',
    });
    expect(res.body).toMatchObject({
      conflict_resolution: 'overwrite',
      matched_episode: 'S01E03',
      match_source: 'user_review',
    });
    expect(
      (await api.post(`/api/jobs/${job.id}/review`, { title_id: titles[0]!.id, conflict_resolution: 'ask' })).status,
    ).toBe(400);
  });

  it('imports a staging folder (201) and rejects missing, non-folder and MKV-less paths (400)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'spindle-import-'));
    const folder = join(root, 'My_Show_S1');
    await mkdir(folder);
    // Imports come only from inside staging_path (or IMPORT_ROOTS): before it is set, none is accepted.
    expect((await api.post('/api/staging/import', { staging_path: folder })).body.error.code).toBe(
      'import_outside_roots',
    );
    expect((await api.put('/api/config', { staging_path: root })).status).toBe(200);
    expect((await api.post('/api/staging/import', { staging_path: folder })).body.error.message).toContain(
      'contains no .mkv files',
    );
    await writeFile(join(folder, 'a.mkv'), 'x');
    expect((await api.post('/api/staging/import', { staging_path: join(root, 'nope') })).body.error.code).toBe(
      'staging_path_missing',
    );
    expect((await api.post('/api/staging/import', { staging_path: join(folder, 'a.mkv') })).body.error.code).toBe(
      'staging_path_not_folder',
    );
    expect((await api.post('/api/staging/import', {})).status).toBe(400);
    expect((await api.post('/api/staging/import', { staging_path: folder, content_type: 'cartoon' })).status).toBe(400);
    const ok = await api.post('/api/staging/import', {
      staging_path: folder,
      content_type: 'tv',
      detected_title: 'My Show',
      detected_season: 1,
    });
    expect(ok).toMatchObject({
      status: 201,
      body: {
        volume_label: 'My_Show_S1',
        content_type: 'tv',
        detected_title: 'My Show',
        detected_season: 1,
        identity_declared: true,
        source_kind: 'folder',
      },
    });
    expect((await api.put('/api/config', { staging_path: null })).status).toBe(200);
  });
});
