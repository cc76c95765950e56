/**
 * Data safety, folder imports through the real service and API (folder ripper with ffprobe,
 * heuristic identifier, library organizer, real MKVs): after each case every file that existed
 * before the job is in the library, still in staging, or deleted by a recorded person's decision —
 * never unaccounted for. Cases: short titles only; episodes mixed with short clips; the same
 * episodes imported twice; a person's folder imported as a copy.
 */
import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http-client.ts';
import { type TestService } from '../support/service-harness.ts';
import { startSafetyHome } from './support/safety-home.ts';
import { cleanupNoted, decideByFile, settle, timelineOf, titlesOf } from './support/job-driver.ts';
import { accountFor, makeFolder, recordFiles, whereabouts } from './support/file-ledger.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let staging: string;
let library: string;
const jobIds: number[] = [];

const declared = { content_type: 'tv', detected_title: 'Safe Show', detected_season: 1 };

async function importFolder(folder: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await api.post('/api/staging/import', { staging_path: folder, ...declared, ...extra });
  expect(res.status).toBe(201);
  jobIds.push(res.body.id);
  return res.body.id as number;
}

beforeAll(async () => {
  const home = await startSafetyHome('folders', {
    staging_cleanup_policy: 'on_success',
    // No matcher: every episode waits for a person, who decides it through the review API.
    pipeline: { detectors: [], identifiers: ['heuristic'], matchers: [], contributors: [] },
  });
  ({ staging, library, svc, api } = home);
}, 120_000);

afterAll(() => svc?.close());

describe('data safety: folder imports', () => {
  it('short titles only: asks instead of completing with nothing, keeps every file, and files what the person includes', async () => {
    const folder = await makeFolder(join(staging, 'SHORTS'), { 'a.mkv': 40, 'b.mkv': 62, 'c.mkv': 85, 'd.mkv': 105 });
    const before = await recordFiles(folder);
    const id = await importFolder(folder, { mode: 'move' });
    const asked = await settle(api, id);
    expect(asked).toMatchObject({ state: 'review_needed', review_kind: 'nothing_filed', files_filed: 0 });
    expect(asked.review_reason).toContain('nothing on this disc would be filed: 4 titles shorter than 120 s');
    const titles = await titlesOf(api, id);
    expect(titles.map((t) => [t.source_file, t.outcome, t.discard_reason, t.discarded_by])).toEqual(
      ['a.mkv', 'b.mkv', 'c.mkv', 'd.mkv'].map((f) => [f, 'discarded', 'shorter than 120 s', 'rule']),
    );
    expect(whereabouts(await accountFor(before, { staging, library }, api, jobIds))).toEqual({
      'a.mkv': 'staging',
      'b.mkv': 'staging',
      'c.mkv': 'staging',
      'd.mkv': 'staging',
    });

    // The person puts two of them back in and continues; they are ripped (in place), matched by the person, and filed.
    for (const t of titles.filter((t) => t.source_file === 'c.mkv' || t.source_file === 'd.mkv')) {
      expect((await api.post(`/api/jobs/${id}/review`, { title_id: t.id, include: true })).status).toBe(200);
    }
    expect((await api.get(`/api/jobs/${id}`)).body.state).toBe('review_needed'); // waits for "continue"
    expect((await api.post(`/api/jobs/${id}/start`)).status).toBe(200);
    expect(await settle(api, id)).toMatchObject({ state: 'review_needed', review_kind: 'titles' });
    await decideByFile(api, id, { 'c.mkv': 'S01E01', 'd.mkv': 'S01E02' });
    const done = await settle(api, id, ['completed', 'failed']);
    expect(done).toMatchObject({ state: 'completed', files_filed: 2, titles_discarded: 2 });
    const rows = await accountFor(before, { staging, library }, api, jobIds);
    expect(whereabouts(rows)).toEqual({
      'a.mkv': 'staging',
      'b.mkv': 'staging',
      'c.mkv': 'library',
      'd.mkv': 'library',
    });
    expect(rows.find((r) => r.path.endsWith('c.mkv'))!.now).toBe(
      join(library, 'TV', 'Safe Show', 'Season 01', 'Safe Show - S01E01.mkv'),
    );
    await cleanupNoted(api, id);
    const timeline = (await timelineOf(api, id)).join('\n');
    expect(timeline).toContain('kept 2 file(s)');
    expect(timeline).toContain('a.mkv (shorter than 120 s — left out by a rule, not by you)');
  });

  it('short titles only, and the person gives up: the job fails, nothing is deleted', async () => {
    const folder = await makeFolder(join(staging, 'SHORTS_GIVE_UP'), { 'e.mkv': 44, 'f.mkv': 66 });
    const before = await recordFiles(folder);
    const id = await importFolder(folder, { mode: 'move' });
    expect(await settle(api, id)).toMatchObject({ state: 'review_needed', review_kind: 'nothing_filed' });
    expect((await api.post(`/api/jobs/${id}/cancel`)).body).toMatchObject({ state: 'failed' });
    expect((await accountFor(before, { staging, library }, api, jobIds)).every((r) => r.where === 'staging')).toBe(
      true,
    );
  });

  it('episodes mixed with short clips: the episodes are filed, the clips stay with a stated reason', async () => {
    const folder = await makeFolder(join(staging, 'MIXED'), {
      'ep1.mkv': 1290,
      'ep2.mkv': 1310,
      'ep3.mkv': 1330,
      'clip1.mkv': 47,
      'clip2.mkv': 93,
    });
    const before = await recordFiles(folder);
    const id = await importFolder(folder, { mode: 'move' });
    expect(await settle(api, id)).toMatchObject({ state: 'review_needed', review_kind: 'titles' });
    await decideByFile(api, id, { 'ep1.mkv': 'S01E03', 'ep2.mkv': 'S01E04', 'ep3.mkv': 'S01E05' });
    expect(await settle(api, id, ['completed', 'failed'])).toMatchObject({
      state: 'completed',
      files_filed: 3,
      titles_discarded: 2,
    });
    const titles = await titlesOf(api, id);
    expect(titles.filter((t) => t.outcome === 'discarded').map((t) => [t.source_file, t.discard_reason])).toEqual([
      ['clip1.mkv', 'shorter than 120 s'],
      ['clip2.mkv', 'shorter than 120 s'],
    ]);
    expect(whereabouts(await accountFor(before, { staging, library }, api, jobIds))).toEqual({
      'clip1.mkv': 'staging',
      'clip2.mkv': 'staging',
      'ep1.mkv': 'library',
      'ep2.mkv': 'library',
      'ep3.mkv': 'library',
    });
    const stats = (await api.get('/api/jobs/stats')).body;
    expect(stats.completed_with_files).toBeGreaterThanOrEqual(2);
    expect(stats.completed_nothing_filed).toBe(0);
  });

  it('the same episodes imported a second time: a conflict that asks the person, never a silent OK, and the new files stay', async () => {
    const first = await makeFolder(join(staging, 'DUP_A'), { 'x1.mkv': 1295, 'x2.mkv': 1305, 'x3.mkv': 1315 });
    const second = join(staging, 'DUP_B');
    await cp(first, second, { recursive: true });
    const idA = await importFolder(first, { mode: 'move' });
    expect(await settle(api, idA)).toMatchObject({ state: 'review_needed' });
    await decideByFile(api, idA, { 'x1.mkv': 'S01E06', 'x2.mkv': 'S01E07', 'x3.mkv': 'S01E08' });
    expect(await settle(api, idA, ['completed', 'failed'])).toMatchObject({ state: 'completed', files_filed: 3 });

    const before = await recordFiles(second);
    const idB = await importFolder(second, { mode: 'move' });
    expect(await settle(api, idB)).toMatchObject({ state: 'review_needed' });
    await decideByFile(api, idB, { 'x1.mkv': 'S01E06', 'x2.mkv': 'S01E07', 'x3.mkv': 'S01E08' });
    const asked = await settle(api, idB);
    expect(asked).toMatchObject({ state: 'review_needed', review_kind: 'nothing_filed', files_filed: 0 });
    expect(asked.review_reason).toContain('nothing on this disc would be filed: 3 titles already in the library');
    const titles = await titlesOf(api, idB);
    expect(
      titles.every(
        (t) => t.outcome === 'discarded' && t.discarded_by === 'rule' && /already exists/.test(t.discard_reason ?? ''),
      ),
    ).toBe(true);
    // The person gives up: the job fails and the second copy stays where it is.
    expect((await api.post(`/api/jobs/${idB}/cancel`)).body.state).toBe('failed');
    expect(whereabouts(await accountFor(before, { staging, library }, api, jobIds))).toEqual({
      'x1.mkv': 'staging',
      'x2.mkv': 'staging',
      'x3.mkv': 'staging',
    });
  });

  it('a folder imported as a copy (the default) stays whole, and the library gets the episodes', async () => {
    const folder = await makeFolder(join(staging, 'MY_RIPS'), { 'r1.mkv': 1288, 'r2.mkv': 1302 });
    await writeFile(join(folder, 'notes.txt'), 'my notes');
    const before = await recordFiles(folder);
    const id = await importFolder(folder); // no mode: a person's folder is copied
    expect((await api.get(`/api/jobs/${id}`)).body.import_mode).toBe('copy');
    expect(await settle(api, id)).toMatchObject({ state: 'review_needed' });
    await decideByFile(api, id, { 'r1.mkv': 'S01E09', 'r2.mkv': 'S01E10' });
    expect(await settle(api, id, ['completed', 'failed'])).toMatchObject({ state: 'completed', files_filed: 2 });
    const rows = await accountFor(before, { staging, library }, api, jobIds);
    expect(rows.every((r) => r.where === 'staging')).toBe(true);
    const inLibrary = await recordFiles(join(library, 'TV', 'Safe Show', 'Season 01'));
    for (const name of ['r1.mkv', 'r2.mkv']) {
      const original = before.find((f) => f.path.endsWith(name))!;
      expect(inLibrary.some((f) => f.hash === original.hash)).toBe(true);
    }
  });
});
