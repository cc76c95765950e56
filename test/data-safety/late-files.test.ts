/**
 * Data safety with the staging watcher (real chokidar/polling on a real folder): a slow copy — one
 * file, a pause long enough for the watcher to import the folder, then two more files. The late
 * files are neither ignored nor deleted: they are reported on the first job (timeline and a
 * `late_files` message on /ws) and become a job of their own once the first is done, and the
 * first job's cleanup leaves them alone. A watcher import waits for the whole folder to be quiet.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventually } from '../support/http-client.ts';
import { type TestService } from '../support/service-harness.ts';
import { startSafetyHome } from './support/safety-home.ts';
import { connectWs, type RecordingSocket } from '../support/ws-client.ts';
import { decideByFile, settle, SETTLE_MS, timelineOf, titlesOf, type JobWire } from './support/job-driver.ts';
import { accountFor, makeFolder, recordFiles, whereabouts } from './support/file-ledger.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let ws: RecordingSocket;
let root: string;
let staging: string;
let library: string;

beforeAll(async () => {
  const home = await startSafetyHome('late', {
    staging_cleanup_policy: 'on_success',
    staging_watch_enabled: true,
    staging_poll_interval_seconds: 0.5,
    pipeline: { detectors: ['staging-watcher'], identifiers: ['heuristic'], matchers: [], contributors: [] },
  });
  ({ root, staging, library, svc, api } = home);
  ws = await connectWs(svc.url);
}, 120_000);

afterAll(async () => {
  ws?.close();
  await svc?.close();
});

const jobsOn = async (folder: string) =>
  (await api.get<JobWire[]>('/api/jobs')).body.filter((j) => j.staging_path === folder);

describe('data safety: files that come late', () => {
  it('a slow copy: the late files are reported, become their own job when the first ends, and nothing is deleted', async () => {
    // The files are made outside the watched folder, then "copied" in slowly, the way a person's copy arrives.
    const source = await makeFolder(join(root, 'source'), {
      'SLOW_SHOW_S1_t00.mkv': 1291,
      'SLOW_SHOW_S1_t01.mkv': 1301,
      'SLOW_SHOW_S1_t02.mkv': 1311,
    });
    const folder = join(staging, 'SLOW_SHOW_S1');
    await mkdir(folder);
    await copyFile(join(source, 'SLOW_SHOW_S1_t00.mkv'), join(folder, 'SLOW_SHOW_S1_t00.mkv'));
    const [first] = await eventually(
      () => jobsOn(folder),
      (jobs) => jobs.length > 0,
      SETTLE_MS,
    );
    const job1 = first!.id;
    // Past ripping (waiting for a person): the rest of the copy arrives.
    await settle(api, job1);
    expect((await titlesOf(api, job1)).map((t) => t.source_file)).toEqual(['SLOW_SHOW_S1_t00.mkv']);
    await copyFile(join(source, 'SLOW_SHOW_S1_t01.mkv'), join(folder, 'SLOW_SHOW_S1_t01.mkv'));
    await copyFile(join(source, 'SLOW_SHOW_S1_t02.mkv'), join(folder, 'SLOW_SHOW_S1_t02.mkv'));
    // Every file of the person's copy, as it stands in the watched folder.
    const before = await recordFiles(folder);
    expect(before).toHaveLength(3);
    const noticed = await ws.waitFor(
      (m) => m.type === 'late_files' && m.job_id === job1 && m.action === 'noticed',
      SETTLE_MS,
    );
    expect(noticed.files).toEqual(['SLOW_SHOW_S1_t01.mkv', 'SLOW_SHOW_S1_t02.mkv']);

    // The person finishes the first job; its cleanup (on_success) leaves the late files alone.
    const asked = await settle(api, job1);
    if (asked.review_kind === 'identity') {
      expect(
        (
          await api.post(`/api/jobs/${job1}/identify`, {
            content_type: 'tv',
            detected_title: 'Slow Show',
            detected_season: 1,
          })
        ).status,
      ).toBe(200);
      await settle(api, job1);
    }
    await decideByFile(api, job1, { 'SLOW_SHOW_S1_t00.mkv': 'S01E01' });
    expect(await settle(api, job1, ['completed', 'failed'])).toMatchObject({ state: 'completed', files_filed: 1 });
    const handed = await ws.waitFor(
      (m) => m.type === 'late_files' && m.job_id === job1 && m.action === 'new_job',
      SETTLE_MS,
    );
    const job2 = handed.new_job_id as number;
    expect((await timelineOf(api, job1)).join('\n')).toContain(`they are job ${job2}`);

    // The follow-up job takes exactly the late files, and knows the show already.
    expect(await settle(api, job2)).toMatchObject({ state: 'review_needed', review_kind: 'titles' });
    expect((await titlesOf(api, job2)).map((t) => t.source_file)).toEqual([
      'SLOW_SHOW_S1_t01.mkv',
      'SLOW_SHOW_S1_t02.mkv',
    ]);
    await decideByFile(api, job2, { 'SLOW_SHOW_S1_t01.mkv': 'S01E02', 'SLOW_SHOW_S1_t02.mkv': 'S01E03' });
    expect(await settle(api, job2, ['completed', 'failed'])).toMatchObject({ state: 'completed', files_filed: 2 });

    // Every file of the copy reached the library; the watcher did not make a third job of the emptied folder.
    const rows = await accountFor(before, { staging, library }, api, [job1, job2]);
    expect(Object.values(whereabouts(rows))).toEqual(['library', 'library', 'library']);
    const allJobs = (await api.get<JobWire[]>('/api/jobs')).body
      .filter((j) => j.staging_path === folder)
      .map((j) => j.id)
      .sort();
    expect(allJobs).toEqual([job1, job2].sort());
  });
});
