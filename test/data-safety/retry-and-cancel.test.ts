/**
 * Data safety when things go wrong, through the real service: an organize that fails (the library
 * cannot take the show's folder) keeps every file in staging, and Retry — same job id, history
 * kept — files them once the cause is fixed; a disc rip cancelled halfway (the MakeMKV stand-in,
 * a real process writing real MKVs) leaves a person's files in staging untouched, and Retry rips
 * the disc again into the same job.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventually } from '../support/http-client.ts';
import { createMakemkvReplay } from '../support/makemkv-replay.ts';
import { type TestService } from '../support/service-harness.ts';
import { startSafetyHome } from './support/safety-home.ts';
import { decideByFile, settle, SETTLE_MS, timelineOf, titlesOf } from './support/job-driver.ts';
import { accountFor, makeFolder, recordFiles, whereabouts } from './support/file-ledger.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let staging: string;
let library: string;

beforeAll(async () => {
  // Slow enough to cancel halfway through a title, quick enough to rip the whole disc on retry.
  const replay = await createMakemkvReplay(await mkdtemp(join(tmpdir(), 'spindle-safety-replay-')), {
    drives: { '/dev/sr1': 'movie-dvd' },
    secondsPerTitle: 4,
  });
  const home = await startSafetyHome('retry', {
    ripper_path: replay.path,
    staging_cleanup_policy: 'on_completion',
    pipeline: {
      detectors: [],
      identifiers: ['heuristic'],
      matchers: ['movie-runtime'],
      contributors: [],
      providers: {},
    },
  });
  ({ staging, library, svc, api } = home);
}, 120_000);

afterAll(() => svc?.close());

describe('data safety: failures, retry and cancel', () => {
  it('a failed organize keeps the files in staging; Retry files them into the library and keeps the job', async () => {
    const folder = await makeFolder(join(staging, 'RETRY_SHOW'), { 'e1.mkv': 1292, 'e2.mkv': 1303, 'e3.mkv': 1317 });
    const before = await recordFiles(folder);
    // The show's library folder cannot be made: a file already has its name.
    const blocker = join(library, 'TV', 'Retry Show');
    await writeFile(blocker, 'not a folder');
    const res = await api.post('/api/staging/import', {
      staging_path: folder,
      content_type: 'tv',
      detected_title: 'Retry Show',
      detected_season: 1,
      mode: 'move',
    });
    const id = res.body.id as number;
    await settle(api, id);
    await decideByFile(api, id, { 'e1.mkv': 'S01E01', 'e2.mkv': 'S01E02', 'e3.mkv': 'S01E03' });
    const failed = await settle(api, id, ['completed', 'failed']);
    expect(failed).toMatchObject({ state: 'failed', retryable_from: 'organizing', files_filed: 0 });
    expect(failed.error_message).toContain('Organizing failed for 3 title(s)');
    // on_completion cleaned up after the failure: nothing a person did not discard is gone.
    expect(whereabouts(await accountFor(before, { staging, library }, api, [id]))).toEqual({
      'e1.mkv': 'staging',
      'e2.mkv': 'staging',
      'e3.mkv': 'staging',
    });
    expect((await api.post(`/api/jobs/${id}/start`)).status).toBe(409); // start is for idle jobs; retry is the way

    await rm(blocker);
    const retried = await api.post(`/api/jobs/${id}/retry`);
    expect(retried).toMatchObject({ status: 200, body: { id, state: 'organizing' } });
    const done = await settle(api, id, ['completed', 'failed']);
    expect(done).toMatchObject({ id, state: 'completed', files_filed: 3, error_message: null });
    expect(whereabouts(await accountFor(before, { staging, library }, api, [id]))).toEqual({
      'e1.mkv': 'library',
      'e2.mkv': 'library',
      'e3.mkv': 'library',
    });
    const timeline = (await timelineOf(api, id)).join('\n');
    expect(timeline).toContain('Organizing failed for 3 title(s)');
    expect(timeline).toContain('retry requested: running again from organizing (3 title(s) redone)');
    expect(timeline).toContain('title 0 → S01E01 (review)'); // the person's decisions are kept
    // Nothing left to redo: a second retry is refused with a reason.
    expect((await api.post(`/api/jobs/${id}/retry`)).body.error.code).toBe('nothing_to_redo');
  });

  it('a rip cancelled halfway leaves the person’s files alone; Retry rips the disc again into the same job', async () => {
    const theirs = await makeFolder(join(staging, 'UNRELATED_RIPS'), { 'keep1.mkv': 1299, 'keep2.mkv': 1309 });
    const before = await recordFiles(theirs);
    const job = await svc.service.jobService.create({
      sourceKind: 'disc',
      driveId: '/dev/sr1',
      volumeLabel: 'SPINDLE_MOVIE',
      sourcePath: null,
      contentType: 'movie',
      detectedTitle: 'Spindle Movie',
      identityDeclared: true,
    });
    svc.service.runner.start(job.id);
    await eventually(
      async () => (await titlesOf(api, job.id)).some((t) => t.state === 'ripping'),
      (r) => r,
      SETTLE_MS,
    );
    const cancelled = await api.post(`/api/jobs/${job.id}/cancel`);
    expect(cancelled.body).toMatchObject({
      state: 'failed',
      error_message: 'Cancelled by user',
      retryable_from: 'ripping',
    });
    expect(whereabouts(await accountFor(before, { staging, library }, api, [job.id]))).toEqual({
      'keep1.mkv': 'staging',
      'keep2.mkv': 'staging',
    });

    expect((await api.post(`/api/jobs/${job.id}/retry`)).body).toMatchObject({ id: job.id, state: 'ripping' });
    let done = await settle(api, job.id);
    for (let round = 0; done.state === 'review_needed' && round < 3; round++) {
      for (const t of (await titlesOf(api, job.id)).filter((t) => t.state === 'review'))
        await api.post(`/api/jobs/${job.id}/review`, { title_id: t.id, skip: true });
      done = await settle(api, job.id, ['completed', 'failed', 'review_needed']);
    }
    expect(done).toMatchObject({ id: job.id, state: 'completed' });
    expect(done.files_filed).toBeGreaterThanOrEqual(1);
    expect(whereabouts(await accountFor(before, { staging, library }, api, [job.id]))).toEqual({
      'keep1.mkv': 'staging',
      'keep2.mkv': 'staging',
    });
    expect((await timelineOf(api, job.id)).join('\n')).toContain('retry requested: running again from ripping');
  });
});
