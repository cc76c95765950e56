/**
 * Real discs from TheDiscDB's sample (../shared/thediscdb-sample) through the real service: a
 * staging folder copied from the disc (MKVs of the disc's title lengths, and a VIDEO_TS folder of
 * sparse files with the disc's file sizes, so the folder ripper computes the disc's real content
 * hash) is identified by the local TheDiscDB stand-in, matched from its mappings and filed in the
 * library. A job that already has mappings is never looked up again, even after a restart.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itemsFromSample,
  startTheDiscDbServer,
  THEDISCDB_BAD_GATEWAY,
  type TheDiscDbServer,
} from '../plugins/provider-thediscdb/test/support/thediscdb-server.ts';
import { importFolder, untilSettled } from './support/folder-import.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';
import { durationSeconds, SAMPLE_AVAILABLE, type SampleDisc, sampleDiscs } from './support/sample-discs.ts';
import { COLLECTION_OR_EPISODES } from '../plugins/identifier-heuristic/src/collection-disc.ts';

const discs = sampleDiscs();
const disc = (stem: string) => discs.find((d) => d.stem === stem)!;

let svc: TestService;
let api: ReturnType<typeof apiClient>;
let thediscdb: TheDiscDbServer;
let root: string;
let dataDir: string;
const config = () => ({
  staging_path: join(root, 'staging'),
  library_tv_path: join(root, 'library', 'TV'),
  library_movies_path: join(root, 'library', 'Movies'),
  pipeline: { detectors: [] },
  plugin_settings: { 'provider-thediscdb': { endpoint: thediscdb.url } },
});

/** A staging folder as copied from the disc: MKVs of its titles (`only` of them) and its VIDEO_TS files (sparse). */
/** Imports a copy of the sample disc `d` (only the titles `only`, when given) as the folder `folderName`; the job's id. */
async function importCopy(d: SampleDisc, folderName: string, only?: number[]): Promise<number> {
  return importFolder(api, { staging_path: await copyOfDisc(d, folderName, only), volume_label: d.volumeLabel });
}

async function copyOfDisc(d: SampleDisc, folderName: string, only?: number[]): Promise<string> {
  const folder = join(root, 'staging', folderName);
  await mkdir(join(folder, 'VIDEO_TS'), { recursive: true });
  for (const file of d.hashedFiles) {
    const handle = await open(join(folder, 'VIDEO_TS', file.name), 'w');
    await handle.truncate(file.size);
    await handle.close();
  }
  const titles = d.record.Titles.filter((t) => !only || only.includes(t.Index));
  await Promise.all(
    titles.map((t) =>
      makeLongMkv(
        join(folder, `title_t${String(t.Index).padStart(2, '0')}.mkv`),
        Math.max(1, durationSeconds(t.Duration)),
      ),
    ),
  );
  return folder;
}

describe.skipIf(!SAMPLE_AVAILABLE)('TheDiscDB identification of real discs through the service', () => {
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'spindle-discdb-'));
    dataDir = join(root, 'data');
    for (const dir of ['staging', 'library/TV', 'library/Movies', 'data'])
      await mkdir(join(root, dir), { recursive: true });
    thediscdb = await startTheDiscDbServer({ items: itemsFromSample(discs, { '24': 1973 }) });
    svc = await startTestService({ dataDir, config: config() });
    api = apiClient(svc.url);
  }, 60_000);
  afterAll(async () => {
    await svc?.close();
    await thediscdb?.close();
  });

  it('identifies 24 season 1 disc 1 by its content hash, matches the episodes from the mappings and files them', async () => {
    const d = disc('24_(2001)__season-1__disc01');
    const id = await importCopy(d, '24_DISC1');
    const done = await untilSettled(api, `/api/jobs/${id}/detail`, 60_000);
    expect(done.body).toMatchObject({
      state: 'completed',
      content_hash: '61485B316D32A8ECF5961523172045BF',
      content_type: 'tv',
      classification_source: 'disc_lookup',
      classification_confidence: 0.95,
      detected_title: '24',
      detected_season: 1,
      disc_number: 1,
      catalog_id: 1973,
      disc_lookup_title_slug: '24-2001',
      disc_lookup_disc_slug: 'season-1-disc-1',
    });
    expect(
      done.body.disc_mappings.map((m: { titleIndex: number; episode: number }) => [m.titleIndex, m.episode]),
    ).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
    const titles = done.body.titles as {
      title_index: number;
      selected: boolean;
      matched_episode: string | null;
      state: string;
    }[];
    expect(titles.map((t) => [t.title_index, t.selected, t.matched_episode])).toEqual([
      [0, true, 'S01E01'],
      [1, true, 'S01E02'],
      [2, true, 'S01E03'],
      [3, true, 'S01E04'],
      [4, false, null],
      [5, false, null],
    ]);
    const season = join(root, 'library', 'TV', '24', 'Season 01');
    expect((await readdir(season)).sort()).toEqual([
      '24 - S01E01.mkv',
      '24 - S01E02.mkv',
      '24 - S01E03.mkv',
      '24 - S01E04.mkv',
    ]);
    expect(thediscdb.requests).toHaveLength(1);
    expect(thediscdb.requests[0]!.variables).toEqual({ hash: '61485B316D32A8ECF5961523172045BF' });
  }, 60_000);

  it.each([
    ['24_(2001)__season-1__disc03', THEDISCDB_BAD_GATEWAY.fault, THEDISCDB_BAD_GATEWAY.message],
    [
      '24_(2001)__season-1__disc04',
      { status: 200, body: '{"data": {"mediaItems": {"nodes": [' },
      'disc lookup failed: TheDiscDB answered with malformed JSON',
    ],
  ])(
    'goes on with the next identifiers when TheDiscDB fails (%s)',
    async (stem, fault, reason) => {
      const d = disc(stem);
      thediscdb.fail(fault);
      const id = await importCopy(d, d.volumeLabel);
      const detail = await eventually(
        () => api.get(`/api/jobs/${id}/detail`),
        (r) => (r.body.timeline as { from: string }[]).some((e) => e.from === 'identifying'),
        30_000,
      );
      // No catalog answers in this pipeline, and the label names no season: the heuristic reads the four alike titles as
      // episodes but leaves open whether they are a show or a collection of specials, so the job asks before ripping.
      expect((detail.body.timeline as { from: string; to: string }[]).find((e) => e.from === 'identifying')!.to).toBe(
        'review_needed',
      );
      expect(detail.body.review_reason).toMatch(new RegExp(`^${COLLECTION_OR_EPISODES}`));
      expect(detail.body).toMatchObject({
        classification_source: 'heuristic',
        content_type: 'tv',
        detected_title: '24',
        disc_number: d.record.Index,
        disc_mappings: null,
      });
      expect(
        (detail.body.identification as { source: string; reviewReason: string }[]).find(
          (a) => a.source === 'disc_lookup',
        )!.reviewReason,
      ).toBe(reason);
    },
    60_000,
  );

  it('keeps the mappings of a job across a restart and does not ask TheDiscDB again', async () => {
    const d = disc('24_(2001)__season-1__disc02');
    // Two of the four episodes were not copied: the folder's titles shifted, so the lookup's mappings do not fit and the job waits.
    const id = await importCopy(d, '24_DISC2', [0, 1, 4, 5]);
    const waiting = await untilSettled(api, `/api/jobs/${id}/detail`, 30_000);
    expect(waiting.body).toMatchObject({
      state: 'review_needed',
      classification_source: 'disc_lookup',
      disc_lookup_disc_slug: 'season-1-disc-2',
    });
    expect(waiting.body.review_reason).toMatch(
      /^the disc lookup's titles do not fit this scan \(title 2 lasts 0:00:07 here, 0:42:38 in the disc lookup; title 3 lasts 0:00:16 here, 0:42:44 in the disc lookup\); confirm what the disc is/,
    );
    const asked = thediscdb.requests.length;

    await svc.close({ keepData: true });
    svc = await startTestService({ dataDir, config: config() });
    api = apiClient(svc.url);
    // Only the mappings that fit the folder were kept (titles 0 and 1), and they survive the restart.
    const restored = await api.get(`/api/jobs/${id}/detail`);
    expect(
      restored.body.disc_mappings.map((m: { titleIndex: number; episode: number }) => [m.titleIndex, m.episode]),
    ).toEqual([
      [0, 5],
      [1, 6],
    ]);

    // Saying it is right sends it through identification again: the stored mappings answer, TheDiscDB is not asked.
    const declared = await api.post(`/api/jobs/${id}/identify`, {
      content_type: 'tv',
      detected_title: '24',
      detected_season: 1,
      disc_number: 2,
    });
    expect(declared.status).toBe(200);
    const done = await eventually(
      () => api.get(`/api/jobs/${id}/detail`),
      (r) => ['completed', 'failed'].includes(r.body.state),
      60_000,
    );
    expect(done.body.state).toBe('completed');
    expect(thediscdb.requests.length).toBe(asked);
    const evidence = (done.body.identification as { source: string; evidence: string[] }[]).find(
      (a) => a.source === 'disc_lookup',
    )!.evidence;
    expect(evidence[0]).toBe('mappings restored from the job; the disc lookup was not asked again');
    expect(existsSync(join(root, 'library', 'TV', '24', 'Season 01', '24 - S01E05.mkv'))).toBe(true);
    expect(existsSync(join(root, 'library', 'TV', '24', 'Season 01', '24 - S01E06.mkv'))).toBe(true);
  }, 90_000);
});
