/**
 * Choosing which titles to rip while a job waits at identification, through the real service and
 * folder ripper: a short title a rule left out is included, a long one is left out, and both
 * choices survive identifying the disc (which scans it again): only the chosen title is ripped.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let staging: string;

interface WireTitle {
  id: number;
  title_index: number;
  state: string;
  selected: boolean;
  included: boolean;
  discard_reason: string | null;
  discarded_by: string | null;
  outcome: string;
}

beforeAll(async () => {
  staging = join(await mkdtemp(join(tmpdir(), 'spindle-rip-choice-')), 'staging');
  await mkdir(join(staging, 'CHOICE_DISC'), { recursive: true });
  await makeLongMkv(join(staging, 'CHOICE_DISC', 'title_t00.mkv'), 2640); // one 44-minute title: the heuristic cannot tell
  await makeLongMkv(join(staging, 'CHOICE_DISC', 'title_t01.mkv'), 60); // a one-minute clip: left out as short
  svc = await startTestService({ config: { staging_path: staging, pipeline: { detectors: [] } } });
  api = apiClient(svc.url);
}, 60_000);
afterAll(() => svc?.close());

const titlesOf = async (id: number) => (await api.get(`/api/jobs/${id}/titles`)).body as WireTitle[];

describe('choosing the titles to rip at identification', () => {
  it('keeps a person’s include and skip through identification; only the chosen title is ripped', async () => {
    const job = (await api.post('/api/staging/import', { staging_path: join(staging, 'CHOICE_DISC') })).body;
    const waiting = await eventually(
      () => api.get(`/api/jobs/${job.id}`),
      (r) => ['review_needed', 'failed', 'completed'].includes(r.body.state),
      45_000,
    );
    expect(waiting.body).toMatchObject({ state: 'review_needed', review_kind: 'identity' });
    const [long, short] = await titlesOf(job.id);
    expect(long).toMatchObject({ title_index: 0, state: 'pending', selected: true });
    expect(short).toMatchObject({ title_index: 1, state: 'pending', selected: false, discarded_by: 'rule' });
    expect(short!.discard_reason).toMatch(/shorter than/);

    expect((await api.post(`/api/jobs/${job.id}/review`, { title_id: short!.id, include: true })).status).toBe(200);
    expect((await api.post(`/api/jobs/${job.id}/review`, { title_id: long!.id, skip: true })).status).toBe(200);
    // Changing one's mind works both ways before ripping.
    expect((await api.post(`/api/jobs/${job.id}/review`, { title_id: long!.id, include: true })).status).toBe(200);
    expect((await api.post(`/api/jobs/${job.id}/review`, { title_id: long!.id, skip: true })).status).toBe(200);
    expect((await api.get(`/api/jobs/${job.id}`)).body.state).toBe('review_needed'); // choices do not start the job

    const identified = await api.post(`/api/jobs/${job.id}/identify`, {
      content_type: 'tv',
      detected_title: 'Choice Show',
      detected_season: 1,
    });
    expect(identified.status).toBe(200);
    // Identified again (a new scan): the choices hold, and only the included clip is ripped.
    const ripped = await eventually(
      () => titlesOf(job.id),
      (ts) => ts.length === 2 && ts[1]!.state !== 'pending' && ts[1]!.state !== 'ripping',
      60_000,
    );
    expect(ripped[0]).toMatchObject({
      title_index: 0,
      state: 'pending',
      selected: false,
      discarded_by: 'person',
      outcome: 'discarded',
    });
    expect(ripped[1]).toMatchObject({
      title_index: 1,
      selected: true,
      included: true,
      discarded_by: null,
      discard_reason: null,
    });
    expect(ripped[1]!.state).not.toBe('failed');
    const timeline = (await api.get(`/api/jobs/${job.id}/detail`)).body.timeline as { to: string }[];
    expect(timeline.map((e) => e.to)).toContain('ripping');
  });
});
