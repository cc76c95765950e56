/**
 * The server creates and extends its schema at startup and never drops anything: a database made
 * by the previous version (no conflict count, no screening flag, no network windows) is extended in
 * place, its rows kept. (The PostgreSQL path is covered in postgres.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFingerprintServer } from '../src/fingerprint-server.ts';
import { SERVER_DEFAULTS } from '../src/server-settings.ts';
import { PREVIOUS_VERSION_SQL } from './previous-schema.ts';
import { episodePayload, syntheticFingerprint } from './synthetic-fingerprints.ts';

describe('schema at startup', () => {
  it('extends a previous version’s SQLite database in place and keeps its rows', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fp-schema-'));
    const settings = { ...SERVER_DEFAULTS, port: 0, databaseUrl: `sqlite://${join(dir, 'fp.db')}` };
    try {
      const old = await startFingerprintServer(settings, () => undefined);
      const post = (url: string, body: unknown) =>
        fetch(url + '/v1/contribute', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      expect(
        (await post(old.url, await episodePayload(syntheticFingerprint(1), { pseudonym: randomUUID() }))).status,
      ).toBe(201);
      for (const sql of PREVIOUS_VERSION_SQL) await old.db.orm.em.getConnection().execute(sql);
      await old.close();

      const server = await startFingerprintServer(settings, () => undefined);
      try {
        const columns = async (table: string) =>
          ((await server.db.orm.em.getConnection().execute(`pragma table_info(${table})`)) as { name: string }[]).map(
            (c) => c.name,
          );
        expect(await columns('contributor')).toContain('conflict_count');
        expect(await columns('episode_contribution')).toContain('flag_reason');
        expect(await columns('network_window')).toEqual(
          expect.arrayContaining(['name', 'window_started_at', 'amount']),
        );
        expect(await server.contributions.counts()).toMatchObject({ episodes: 1, contributors: 1 });
        expect(
          (await post(server.url, await episodePayload(syntheticFingerprint(2), { pseudonym: randomUUID() }))).status,
        ).toBe(201);
      } finally {
        await server.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
