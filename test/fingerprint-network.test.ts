/**
 * End to end: the real service (contributor plugin + chromaprint provider, real ffmpeg) against a
 * real fingerprint-server child process. A completed job's titles are fingerprinted and queued with
 * its disc layout; with a DEBUG seed they stay queued while the disclosure is unaccepted (the event
 * carries the count of both queues); rotation re-tags them; accepting uploads them at once; they
 * land on the server and in the audit log; forget empties both sides.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnFingerprintServer, type FingerprintServerProcess } from '../fingerprint-server/test/server-process.ts';
import { encodeRelease, writeEpisodeWav } from './support/episode-audio.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from './support/service-harness.ts';
import { connectWs, type RecordingSocket } from './support/ws-client.ts';
import { episode, matchDetails } from './support/job-fixtures.ts';

let dir = '';
let network: FingerprintServerProcess;
let svc: TestService;
let ws: RecordingSocket;

const health = async () =>
  (await (await fetch(`${network.url}/v1/health`)).json()) as {
    episode_contributions: number;
    disc_contributions: number;
  };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-e2e-'));
  network = await spawnFingerprintServer({ DATABASE_URL: `sqlite://${join(dir, 'network', 'network.db')}` });
  svc = await startTestService({
    config: {
      pipeline: {
        ...EMPTY_PIPELINE,
        contributors: ['fingerprint-network'],
        providers: { fingerprinter: ['chromaprint'] },
      },
    },
    env: { DEBUG: 'true', FINGERPRINT_SERVER_URL: network.url, FINGERPRINT_UPLOAD_INTERVAL_SECONDS: '0.3' },
  });
  ws = await connectWs(svc.url);
});

afterAll(async () => {
  await ws?.close();
  await svc?.close();
  await network?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A job that went through the pipeline: two matched episodes in the library and one unripped title. */
async function completedJob(): Promise<number> {
  const { db, jobService } = svc.service;
  const files: string[] = [];
  for (const seed of [1, 2]) {
    const wav = join(dir, `episode-${seed}.wav`);
    await writeEpisodeWav(wav, seed, 200);
    files.push(join(dir, `Sample Show - S01E0${seed}.mka`));
    await encodeRelease(wav, files.at(-1)!, { codec: 'ac3', bitrate: '192k' });
  }
  const job = await db.jobs.create({
    volumeLabel: 'SAMPLE_SHOW_S1_D1',
    sourceKind: 'disc',
    state: 'organizing',
    contentType: 'tv',
    detectedTitle: 'Sample Show',
    detectedSeason: 1,
    catalogId: 1399,
    contentHash: '0123456789ABCDEF0123456789ABCDEF',
    driveId: '/dev/sr0',
  });
  const titles = await db.titles.replaceForJob(job.id, [
    { titleIndex: 0, durationSeconds: 200, sizeBytes: 5_000_000 },
    { titleIndex: 1, durationSeconds: 200, sizeBytes: 5_100_000 },
    { titleIndex: 2, durationSeconds: 45, sizeBytes: 90_000, selected: false },
  ]);
  const match = (n: number, source: string, confidence: number) =>
    matchDetails(episode(n, confidence), confidence, source, [], [{ name: 'x', value: confidence, weight: 1 }]);
  await db.titles.update(titles[0]!.id, {
    state: 'completed',
    organizedPath: files[0],
    matchedEpisode: 'S01E01',
    matchSource: 'user_review',
    matchConfidence: 1,
    matchDetailsJson: match(1, 'user_review', 1),
  });
  await db.titles.update(titles[1]!.id, {
    state: 'completed',
    organizedPath: files[1],
    matchedEpisode: 'S01E02',
    matchSource: 'local_asr',
    matchConfidence: 0.9,
    matchDetailsJson: match(2, 'local_asr', 0.9),
  });
  await jobService.transition(job.id, 'completed');
  return job.id;
}

describe('fingerprint network end to end', () => {
  it('queues, waits for the disclosure, re-tags on rotation, uploads on acceptance, audits, and forgets', async () => {
    const api = apiClient(svc.url);
    const first = (await api.get('/api/config')).body.contribution_pseudonym as string;
    await completedJob();
    expect((await api.post('/debug/fingerprint/seed')).status).toBe(201);

    // 2 episode fingerprints + 1 seed, and 1 disc layout: both queues count.
    const listed = await eventually(
      () => api.get('/api/fingerprint/contributions'),
      (r) => r.body.pending_count === 4,
      15_000,
    );
    expect(listed.body.pending).toEqual({ episodes: 3, discs: 1 });
    const prompt = await ws.waitFor((m) => m.type === 'fingerprint_disclosure_required' && m.pending_count === 4, 5000);
    expect(prompt).toEqual({ type: 'fingerprint_disclosure_required', pending_count: 4 });
    expect(await health()).toMatchObject({ episode_contributions: 0, disc_contributions: 0 });

    const rotated = await api.post('/api/fingerprint/contributions/rotate-pseudonym');
    expect(rotated.body.retagged).toBe(4);
    const second = (await api.get('/api/config')).body.contribution_pseudonym as string;
    expect(second).not.toBe(first);
    expect((await svc.service.fingerprint.queue.nextBatch('disc', 5))[0]!.pseudonym).toBe(second);

    const asked = Date.now();
    expect((await api.put('/api/config', { fingerprint_disclosure_accepted: true })).status).toBe(200);
    const uploaded = await eventually(
      () => api.get('/api/fingerprint/contributions'),
      (r) => r.body.pending_count === 0 && r.body.entries.length === 4,
      10_000,
    );
    expect(Date.now() - asked).toBeLessThan(5000);
    expect(await health()).toMatchObject({ episode_contributions: 3, disc_contributions: 1 });

    const entries = uploaded.body.entries as Record<string, unknown>[];
    expect(entries.every((e) => e.pseudonym_prefix === second.slice(0, 8))).toBe(true);
    expect(
      entries
        .filter((e) => e.kind === 'episode')
        .map((e) => e.episode)
        .sort(),
    ).toEqual([1, 1, 2]);
    expect(entries.find((e) => e.kind === 'disc')).toMatchObject({
      catalog_id: 1399,
      season: 1,
      content_type: 'tv',
      title_count: 3,
    });
    const lines = (await readFile(join(svc.dataDir, 'cache', 'contribution_log.jsonl'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const line of lines.map((l) => JSON.parse(l))) {
      const keys =
        line.kind === 'episode'
          ? ['catalog_id', 'contrib_id', 'episode', 'kind', 'pseudonym_prefix', 'season', 'ts']
          : ['catalog_id', 'content_type', 'contrib_id', 'kind', 'pseudonym_prefix', 'season', 'title_count', 'ts'];
      expect(Object.keys(line).sort()).toEqual(keys);
    }

    // Nothing of the "never sent" list reached the network's database.
    for (const name of await readdir(join(dir, 'network'))) {
      const bytes = await readFile(join(dir, 'network', name));
      for (const leak of [dir, 'Sample Show', '.mka', 'SAMPLE_SHOW', '/dev/sr0', first])
        expect(bytes.includes(leak), `${name} contains ${leak}`).toBe(false);
    }

    const forgotten = await api.post('/api/fingerprint/forget');
    expect(forgotten.status).toBe(200);
    expect(forgotten.body).toMatchObject({ canonical_unaffected: true, deleted_pending: 0 });
    expect(await health()).toMatchObject({ episode_contributions: 0, disc_contributions: 0 });
    const after = (await api.get('/api/config')).body;
    expect(after.contribution_pseudonym).not.toBe(second);
    expect(after.fingerprint_disclosure_accepted).toBe(false);
    expect((await api.get('/api/fingerprint/contributions')).body.pending_count).toBe(0);

    const log = svc.logs.join('\n');
    for (const pseudonym of [first, second, after.contribution_pseudonym]) expect(log).not.toContain(pseudonym);
  });

  it('forget also deletes what is still queued', async () => {
    const api = apiClient(svc.url);
    await api.post('/debug/fingerprint/seed');
    expect((await api.get('/api/fingerprint/contributions')).body.pending_count).toBe(1);
    const res = await api.post('/api/fingerprint/forget');
    expect(res.body).toMatchObject({ canonical_unaffected: true, deleted_pending: 1 });
    expect((await api.get('/api/fingerprint/contributions')).body.pending_count).toBe(0);
  });
});
