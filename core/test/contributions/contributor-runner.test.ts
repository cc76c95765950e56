import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeRelease, writeEpisodeWav } from '../../../test/support/episode-audio.ts';
import { eventually } from '../../../test/support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';

const open: TestService[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close({ keepData: true });
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const config = {
  pipeline: { ...EMPTY_PIPELINE, contributors: ['fingerprint-network'], providers: { fingerprinter: ['chromaprint'] } },
};

describe('contributors at job completion', () => {
  it('derives the contributions of a job completed just before a crash at the next start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spindle-contrib-'));
    dirs.push(dataDir);
    const wav = join(dataDir, 'e.wav');
    const file = join(dataDir, 'Show - S03E04.mka');
    await writeEpisodeWav(wav, 34, 120);
    await encodeRelease(wav, file, { codec: 'ac3', bitrate: '128k' });

    const first = await startTestService({ dataDir, config, env: { FINGERPRINT_UPLOAD_INTERVAL_SECONDS: '3600' } });
    open.push(first);
    const { db, fingerprint } = first.service;
    const job = await db.jobs.create({
      volumeLabel: 'SHOW_S3',
      sourceKind: 'folder',
      state: 'organizing',
      contentType: 'tv',
      detectedSeason: 3,
      catalogId: 4242,
      contentHash: 'FFEEDDCCBBAA99887766554433221100',
    });
    const [title] = await db.titles.replaceForJob(job.id, [
      { titleIndex: 0, durationSeconds: 120, sizeBytes: 1_000_000 },
    ]);
    await db.titles.update(title!.id, {
      state: 'completed',
      organizedPath: file,
      matchSource: 'local_disc_lookup',
      matchConfidence: 0.95,
      matchDetailsJson: JSON.stringify({
        kind: 'episode',
        season: 3,
        episode: 4,
        episodeEnd: null,
        edition: null,
        confidence: 0.95,
        source: 'local_disc_lookup',
        components: [{ name: 'm', value: 1, weight: 1 }],
        candidates: [],
      }),
    });
    // The job reached completed and was marked for contribution, then the process died.
    await fingerprint.queue.markRun(job.id);
    expect(
      await db.jobs.transition(job.id, 'organizing', 'completed', { completedAt: new Date() }, null),
    ).not.toBeNull();
    expect(await fingerprint.queue.pendingCounts()).toMatchObject({ total: 0 });
    await first.close({ keepData: true });
    open.splice(0);

    const second = await startTestService({ dataDir, env: { FINGERPRINT_UPLOAD_INTERVAL_SECONDS: '3600' } });
    open.push(second);
    const counts = await eventually(
      () => second.service.fingerprint.queue.pendingCounts(),
      (c) => c.total === 2,
      15_000,
    );
    expect(counts).toEqual({ episodes: 1, discs: 1, total: 2 });
    const [episode] = await second.service.fingerprint.queue.nextBatch('episode', 5);
    expect(episode!.draft).toMatchObject({
      catalog_id: 4242,
      season: 3,
      episode: 4,
      match_source: 'local_disc_lookup',
      disc_content_hash_b64: Buffer.from('FFEEDDCCBBAA99887766554433221100', 'hex').toString('base64'),
    });
    await eventually(
      () => second.service.fingerprint.queue.pendingRuns(),
      (runs) => runs.length === 0,
    );
  });
});
