/** The end-to-end scenario's contributions: fingerprints and disc layouts reaching the fingerprint server. */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { eventually } from '../../support/http-client.ts';
import type { FixtureDisc } from '../support/fixture-discs.ts';
import { api, fx, MOVIE_ID, network, root, SHOW, SHOW_ID, timings, ws } from '../support/e2e-world.ts';

/** Once the disclosure is accepted, what the discs contributed lands on the real fingerprint server. */
export function contributionSteps(): void {
  it('contributes fingerprints and disc layouts once the disclosure is accepted, and they land on the fingerprint server', async () => {
    const t0 = Date.now();
    const health = async () =>
      (await (await fetch(`${network.url}/v1/health`)).json()) as {
        episode_contributions: number;
        disc_contributions: number;
      };
    // The 8 episodes and the 2 movie cuts decided in review, and a layout per disc with a content hash. The folder's
    // movie was matched by its runtime, a source the wire has no name for: it is not fingerprinted (and has no disc hash).
    const queued = await eventually(
      () => api.get('/api/fingerprint/contributions'),
      (r) => r.body.pending.episodes === 10 && r.body.pending.discs === 3,
      60_000,
    );
    expect(queued.body.entries).toEqual([]);
    await ws.waitFor((m) => m.type === 'fingerprint_disclosure_required' && m.pending_count === 13, 10_000);
    expect(await health()).toMatchObject({ episode_contributions: 0, disc_contributions: 0 });

    expect((await api.put('/api/config', { fingerprint_disclosure_accepted: true })).status).toBe(200);
    const sent = await eventually(
      () => api.get('/api/fingerprint/contributions'),
      (r) => r.body.pending_count === 0 && r.body.entries.length === 13,
      30_000,
    );
    expect(await health()).toMatchObject({ episode_contributions: 10, disc_contributions: 3 });
    const entries = sent.body.entries as {
      kind: string;
      catalog_id: number;
      season: number | null;
      episode?: number | null;
      content_type?: string;
      title_count?: number;
    }[];
    expect(
      entries
        .filter((e) => e.kind === 'episode' && e.catalog_id === SHOW_ID)
        .map((e) => e.episode)
        .sort(),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(entries.filter((e) => e.kind === 'episode' && e.catalog_id !== SHOW_ID).map((e) => e.catalog_id)).toEqual([
      MOVIE_ID,
      MOVIE_ID,
    ]);
    expect(
      entries
        .filter((e) => e.kind === 'disc')
        .map((e) => [e.catalog_id, e.content_type, e.season, e.title_count])
        .sort(),
    ).toEqual(
      [
        [SHOW_ID, 'tv', 1, 6],
        [SHOW_ID, 'tv', 1, 6],
        [MOVIE_ID, 'movie', null, 5],
      ].sort(),
    );

    // What the network stored: every wire field as contributed, and nothing else.
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(join(root, 'network', 'network.db'), { readOnly: true });
    try {
      const episodes = db
        .prepare(
          'select catalog_id, season, episode, match_source, disc_content_hash from episode_contribution order by catalog_id, episode',
        )
        .all() as Record<string, unknown>[];
      const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64');
      expect(
        episodes.filter((e) => e.catalog_id === SHOW_ID).map((e) => [e.episode, e.match_source, e.disc_content_hash]),
      ).toEqual([
        ...[1, 2, 3, 4].map((e) => [e, 'local_disc_lookup', b64(fx.tvBluray.contentHash)]),
        ...[5, 6, 7, 8].map((e) => [e, 'local_asr', b64(fx.tvDvd.contentHash)]),
      ]);
      expect(episodes.filter((e) => e.catalog_id === MOVIE_ID).map((e) => [e.season, e.match_source])).toEqual([
        [null, 'user_review'],
        [null, 'user_review'],
      ]);
      const layouts = db.prepare('select disc_content_hash, catalog_id, titles_json from disc_contribution').all() as {
        disc_content_hash: string;
        catalog_id: number;
        titles_json: string;
      }[];
      const layout = (disc: FixtureDisc) =>
        JSON.parse(layouts.find((l) => l.disc_content_hash === b64(disc.contentHash))!.titles_json) as {
          title_index: number;
          assignment: string;
          episode?: number;
          match_source: string | null;
        }[];
      expect(layout(fx.tvBluray).map((r) => [r.title_index, r.assignment, r.episode ?? null])).toEqual([
        [0, 'discarded', null],
        [1, 'episode', 1],
        [2, 'episode', 2],
        [3, 'episode', 3],
        [4, 'episode', 4],
        [5, 'discarded', null],
      ]);
      expect(layout(fx.tvDvd).map((r) => [r.title_index, r.assignment, r.episode ?? null])).toEqual([
        [0, 'episode', 5],
        [1, 'episode', 6],
        [2, 'episode', 7],
        [3, 'episode', 8],
        [4, 'discarded', null],
        [5, 'discarded', null],
      ]);
      expect(layout(fx.movieBluray).map((r) => [r.title_index, r.assignment, r.match_source])).toEqual(
        fx.movieBluray.titles.map((t) => [
          t.index,
          t.truth.kind === 'logo' ? 'discarded' : t.truth.kind,
          t.truth.kind === 'main_movie' ? 'user_review' : null,
        ]),
      );
      // Never a file name, a path or a volume label.
      const everything = JSON.stringify([episodes, layouts]);
      for (const leak of [root, '.mkv', SHOW, 'LANTERN', 'CHRONICLES', '/dev/sr0'])
        expect(everything).not.toContain(leak);
    } finally {
      db.close();
    }
    timings.contributions = Date.now() - t0;
  }, 120_000);
}
