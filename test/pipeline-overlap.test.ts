/**
 * The per-title pipeline through the real service: a TV disc read by the MakeMKV stand-in (a few
 * seconds per title) and matched by a disc-order matcher. With `pipeline_overlap` (the default) a
 * title is MATCHING, and an accepted episode is filed into the library (same file system: a rename),
 * while the job is still `ripping`; the job still goes ripping → matching → organizing → completed.
 * With `pipeline_overlap: false` no title is matched before the drive is done (the old order).
 * The order of events is read from /ws, as the UI sees it.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDiscJob } from './support/disc-jobs.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { libraryFoldersUnder } from './support/library-folders.ts';
import { LOCAL_PIPELINE } from './support/folder-import.ts';
import { createMakemkvReplay } from './support/makemkv-replay.ts';
import { type TestService } from './support/service-harness.ts';
import { type RecordingSocket } from './support/ws-client.ts';
import { closeServiceWithSocket, startServiceWithSocket } from './support/service-socket.ts';

const THIRD_PARTY = fileURLToPath(new URL('./fixtures/third-party-plugins', import.meta.url));

let root: string;
let svc: TestService;
let api: ReturnType<typeof apiClient>;
let ws: RecordingSocket;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-overlap-'));
  const folders = await libraryFoldersUnder(root);
  const replay = await createMakemkvReplay(join(root, 'replay'), {
    drives: { '/dev/sr0': 'tv-bluray', '/dev/sr1': 'tv-bluray' },
    secondsPerTitle: 3,
  });
  ({ svc, api, ws } = await startServiceWithSocket({
    env: { SPINDLE_PLUGINS_DIR: THIRD_PARTY },
    config: {
      ...folders,
      ripper_path: replay.path,
      max_concurrent_matches: 2,
      pipeline: { ...LOCAL_PIPELINE, matchers: ['order-guess'], organizer: 'library' },
      plugin_settings: { 'order-guess': { confidence: 0.9 } },
    },
  }));
}, 60_000);

afterAll(() => closeServiceWithSocket({ ws, svc }, root));

/** A job for the disc in `driveId`, as a drive detector creates it. */
const discJob = (driveId: string) => startDiscJob(svc, { driveId, volumeLabel: 'SPINDLE_SHOW_S1D1' });

/** The job's /ws messages in order: its state changes and its titles' states. */
function timeline(id: number): string[] {
  const out: string[] = [];
  for (const m of ws.messages) {
    if (m.job_id !== id) continue;
    if (m.type === 'job_update' && out.at(-1) !== `job:${String(m.state)}`) out.push(`job:${String(m.state)}`);
    if (m.type === 'title_update') out.push(`title ${String(m.title_index)}:${String(m.state)}`);
  }
  return out;
}

async function finish(id: number): Promise<{ state: string }> {
  return (
    await eventually(
      () => api.get(`/api/jobs/${id}`),
      (r) => ['completed', 'failed', 'review_needed'].includes(r.body.state),
      60_000,
    )
  ).body;
}

describe('titles move through the pipeline on their own', () => {
  it('matches and files a title while the drive rips the next one; the job keeps the spec’s states', async () => {
    const id = await discJob('/dev/sr0');
    expect(await finish(id)).toMatchObject({ state: 'completed' });
    const events = timeline(id);
    const leftRipping = events.indexOf('job:matching');
    expect(leftRipping).toBeGreaterThan(0);
    const whileRipping = events.slice(events.indexOf('job:ripping'), leftRipping);
    // Some title was matched, and some title filed (same file system), before the drive was done.
    expect(whileRipping.some((e) => e.endsWith(':matching'))).toBe(true);
    expect(whileRipping.some((e) => e.endsWith(':completed'))).toBe(true);
    // …and a title was still being ripped after the first title was matched.
    const firstMatched = whileRipping.findIndex((e) => e.endsWith(':matched'));
    expect(whileRipping.slice(firstMatched).some((e) => e.endsWith(':queued'))).toBe(true);
    // The spec's job states, in order.
    const states = events.filter((e) => e.startsWith('job:')).filter((e, i, all) => all[i - 1] !== e);
    expect(states.slice(states.indexOf('job:ripping'))).toEqual([
      'job:ripping',
      'job:matching',
      'job:organizing',
      'job:completed',
    ]);
    const titles = (await api.get(`/api/jobs/${id}/titles`)).body as {
      selected: boolean;
      state: string;
      matched_episode: string;
      organized_path: string;
    }[];
    const chosen = titles.filter((t) => t.selected);
    expect(chosen.map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
    for (const t of chosen) expect(existsSync(t.organized_path)).toBe(true);
    expect((await readdir(join(root, 'library', 'TV', 'Spindle Show', 'Season 01'))).sort()).toEqual(
      chosen.map((t) => `Spindle Show - ${t.matched_episode}.mkv`).sort(),
    );
    const detail = JSON.stringify((await api.get(`/api/jobs/${id}/detail`)).body);
    expect(detail).toMatch(/title \d+: filed as S01E0\d while the rest of the disc is still worked on/);
  }, 90_000);

  it('with pipeline_overlap off, rips every title first and matches them afterwards', async () => {
    await mkdir(join(root, 'library', 'TV2'), { recursive: true });
    const set = await api.patch('/api/config', {
      pipeline_overlap: false,
      library_tv_path: join(root, 'library', 'TV2'),
    });
    expect(set.status).toBe(200);
    const id = await discJob('/dev/sr1');
    expect(await finish(id)).toMatchObject({ state: 'completed' });
    const events = timeline(id);
    const leftRipping = events.indexOf('job:matching');
    const whileRipping = events.slice(events.indexOf('job:ripping'), leftRipping);
    expect(whileRipping.some((e) => e.endsWith(':queued'))).toBe(true);
    expect(whileRipping.filter((e) => /:(matching|matched|completed)$/.test(e))).toEqual([]);
    const titles = (await api.get(`/api/jobs/${id}/titles`)).body as {
      title_index: number;
      selected: boolean;
      state: string;
    }[];
    const chosen = titles.filter((t) => t.selected);
    expect(chosen.map((t) => t.state)).toEqual(['completed', 'completed', 'completed']);
    for (const t of chosen) expect(events.slice(leftRipping)).toContain(`title ${t.title_index}:completed`);
  }, 90_000);
});
