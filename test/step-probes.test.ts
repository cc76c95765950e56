/** The DEBUG standalone step endpoints: transcription, matching and subtitle probes. */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/http-client.ts';
import { startTestService, type TestService } from './support/service-harness.ts';
import { tvSeasonJob } from './support/job-fixtures.ts';
import { makeSpeechMkv } from './support/make-media.ts';

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let speech = '';

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'spindle-probe-test-'));
  speech = await makeSpeechMkv(dir, 'speech', 'The mariners were afraid of the storm and cast Jonah into the sea.');
  svc = await startTestService({
    env: { DEBUG: 'true' },
    pluginPaths: [fileURLToPath(new URL('./fixtures/third-party-plugins', import.meta.url))],
    config: { pipeline: { matchers: ['order-guess'], providers: { transcriber: ['pocketsphinx'] } } },
  });
  api = apiClient(svc.url);
});
afterAll(async () => {
  console.log(svc.logs.filter((l) => l.includes('crashed')).join('\n'));
  await svc.close();
});

describe('/api/test/*', () => {
  it('transcribes a stretch of a media file with the configured recognizer', async () => {
    const res = await api.post('/api/test/transcribe', { path: speech, seconds: 10 });
    expect(res.status).toBe(200);
    expect(res.body.model).toContain('pocketsphinx');
    expect(res.body.text).toMatch(/storm|sea|afraid/);
    expect((await api.post('/api/test/transcribe', { path: '/nowhere.mkv' })).body.error.code).toBe(
      'audio_extract_failed',
    );
    expect((await api.post('/api/test/transcribe', {})).status).toBe(400);
  });

  it("shows every matcher's answer for a title without changing the job", async () => {
    const { db } = svc.service;
    const job = await tvSeasonJob(svc, 'PROBE', undefined, 3);
    const titles = await db.titles.replaceForJob(job.id, [
      { titleIndex: 0, durationSeconds: 1300, sizeBytes: 1 },
      { titleIndex: 1, durationSeconds: 1310, sizeBytes: 1 },
    ]);
    const res = await api.post('/api/test/match', { job_id: job.id, title_id: titles[1]!.id });
    expect(res.body).toMatchObject({
      references: 0,
      results: [{ matcher: 'order-guess', result: { season: 3, episode: 2 }, error: null }],
    });
    expect((await db.titles.get(titles[1]!.id))?.matchDetailsJson).toBeNull();
    expect((await api.post('/api/test/match', { job_id: job.id, title_id: 999999 })).status).toBe(404);
  });

  it('says plainly when no subtitle provider is configured', async () => {
    const res = await api.post('/api/test/subtitles', { title: 'Some Show', season: 1, episode: 1 });
    expect(res).toMatchObject({ status: 409, body: { error: { code: 'no_subtitle_provider' } } });
    expect((await api.post('/api/test/subtitles', { season: 1 })).status).toBe(400);
  });
});
