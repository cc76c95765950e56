/**
 * Data safety under each staging_cleanup_policy, through the real service: the same kind of folder
 * each time — two episodes the person files, one the person skips, a short clip a rule leaves out,
 * and a note of the person's. Every policy deletes at most the file the person skipped; the clip
 * and the note always stay. after_days is checked across a real restart (the sweep runs at start).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventually } from '../support/http-client.ts';
import { startTestService, type TestService } from '../support/service-harness.ts';
import { startSafetyHome } from './support/safety-home.ts';
import { cleanupNoted, decideByFile, settle, SETTLE_MS, timelineOf } from './support/job-driver.ts';
import { accountFor, makeFolder, recordFiles, whereabouts, type RecordedFile } from './support/file-ledger.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let dataDir: string;
let staging: string;
let library: string;

beforeAll(async () => {
  const home = await startSafetyHome('policies', {
    pipeline: { detectors: [], identifiers: ['heuristic'], matchers: [], contributors: [] },
  });
  ({ dataDir, staging, library, svc, api } = home);
}, 120_000);

afterAll(() => svc?.close());

/** A folder of the case, imported (moved), decided by the person; returns the job and what was there before. */
async function runCase(
  policy: string,
  name: string,
  base: number,
): Promise<{ id: number; folder: string; before: RecordedFile[] }> {
  expect((await api.put('/api/config', { staging_cleanup_policy: policy })).status).toBe(200);
  const folder = await makeFolder(join(staging, name), {
    'ep_a.mkv': base,
    'ep_b.mkv': base + 10,
    'ep_c.mkv': base + 20,
    'clip.mkv': 50 + (base % 50),
  });
  await writeFile(join(folder, 'notes.txt'), `notes for ${name}`);
  const before = await recordFiles(folder);
  const res = await api.post('/api/staging/import', {
    staging_path: folder,
    content_type: 'tv',
    detected_title: `Policy ${name}`,
    detected_season: 1,
    mode: 'move',
  });
  expect(res.status).toBe(201);
  const id = res.body.id as number;
  expect(await settle(api, id)).toMatchObject({ state: 'review_needed' });
  await decideByFile(api, id, { 'ep_a.mkv': 'S01E01', 'ep_b.mkv': 'S01E02', 'ep_c.mkv': 'skip' });
  expect(await settle(api, id, ['completed', 'failed'])).toMatchObject({
    state: 'completed',
    files_filed: 2,
    titles_discarded: 2,
  });
  // Every policy that cleans at the end says what it did on the timeline; wait for that line.
  if (policy === 'on_success' || policy === 'on_completion') await cleanupNoted(api, id);
  return { id, folder, before };
}

const where = async (c: { id: number; before: RecordedFile[] }) =>
  whereabouts(await accountFor(c.before, { staging, library }, api, [c.id]));

/** Where the five files end: the two episodes filed, the clip and the note left, ep_c (the skipped one) at `skipped`. */
const filedWithSkipped = (skipped: string) => ({
  'ep_a.mkv': 'library',
  'ep_b.mkv': 'library',
  'ep_c.mkv': skipped,
  'clip.mkv': 'staging',
  'notes.txt': 'staging',
});

describe('data safety: staging cleanup policies', () => {
  it.each([
    {
      does: 'deletes only the file the person skipped',
      policy: 'on_success',
      label: 'POLICY_SUCCESS',
      seconds: 1300,
      skipped: 'deleted by a person',
      noted: 'staging cleanup (on_success): deleted 1 file(s) a person chose to discard: ep_c.mkv',
    },
    {
      does: 'does the same for a completed job',
      policy: 'on_completion',
      label: 'POLICY_COMPLETION',
      seconds: 1400,
      skipped: 'deleted by a person',
      noted: null,
    },
    {
      does: 'deletes nothing',
      policy: 'manual',
      label: 'POLICY_MANUAL',
      seconds: 1500,
      skipped: 'staging',
      noted: null,
    },
  ] as const)('$policy $does', async ({ policy, label, seconds, skipped, noted }) => {
    const c = await runCase(policy, label, seconds);
    expect(await where(c)).toEqual(filedWithSkipped(skipped));
    if (noted) expect((await timelineOf(api, c.id)).join('\n')).toContain(noted);
  });

  it('after_days deletes nothing at completion, and only the skipped file once the days have passed (sweep at the next start)', async () => {
    const c = await runCase('after_days', 'POLICY_DAYS', 1600);
    expect(await where(c)).toEqual(filedWithSkipped('staging'));
    // Eight days later (staging_cleanup_days defaults to 7): the job's end is moved back, the service restarted.
    await svc.service.db.jobs.update(c.id, { completedAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) });
    await svc.close({ keepData: true });
    svc = await startTestService({ dataDir });
    api = apiClient(svc.url);
    const swept = await eventually(
      () => where(c),
      (w) => w['ep_c.mkv'] !== 'staging',
      SETTLE_MS,
    );
    expect(swept).toEqual(filedWithSkipped('deleted by a person'));
    expect((await timelineOf(api, c.id)).join('\n')).toContain(
      'staging cleanup (after 7 days): deleted 1 file(s) a person chose to discard: ep_c.mkv',
    );
  });
});
