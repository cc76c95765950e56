/**
 * The same network on PostgreSQL (DATABASE_URL=postgres://…): a throw-away cluster is initialised
 * and started for the test when PostgreSQL's server binaries are installed (Debian's postgresql
 * package); the test is skipped otherwise.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { encodeFingerprint } from '@spindle/plugin-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFingerprintServer, type RunningFingerprintServer } from '../src/fingerprint-server.ts';
import { SERVER_DEFAULTS } from '../src/server-settings.ts';
import { postJson } from './json-post.ts';
import { PREVIOUS_VERSION_SQL } from './previous-schema.ts';
import {
  discHash,
  distort,
  episodePayload,
  PSEUDONYMS,
  shifted,
  syntheticFingerprint,
} from './synthetic-fingerprints.ts';

function findBinary(name: string): string | null {
  try {
    return (
      execFileSync('sh', ['-c', `command -v ${name} || ls /usr/lib/postgresql/*/bin/${name} 2>/dev/null | tail -1`])
        .toString()
        .trim()
        .split('\n')[0] || null
    );
  } catch {
    return null;
  }
}

function postgresUser(): { uid: number; gid: number } | null {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
      gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
    };
  } catch {
    return null;
  }
}

const initdb = findBinary('initdb');
const postgresBin = findBinary('postgres');
// PostgreSQL refuses to run as root: as root the cluster runs as the `postgres` system user.
const asRoot = userInfo().uid === 0;
const runAs = asRoot ? postgresUser() : { uid: userInfo().uid, gid: userInfo().gid };
const available = Boolean(initdb && postgresBin && runAs);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(!available)('fingerprint server on PostgreSQL', () => {
  let dir = '';
  let cluster: ChildProcess;
  let server: RunningFingerprintServer;
  let url = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'fp-pg-'));
    chownSync(dir, runAs!.uid, runAs!.gid);
    const data = join(dir, 'data');
    const spawnOptions = { uid: runAs!.uid, gid: runAs!.gid, env: { ...process.env, LC_ALL: 'C' } };
    execFileSync(initdb!, ['-D', data, '-A', 'trust', '-U', 'spindle', '--no-sync'], {
      ...spawnOptions,
      stdio: 'ignore',
    });
    const port = await freePort();
    cluster = spawn(postgresBin!, ['-D', data, '-k', dir, '-h', '127.0.0.1', '-p', String(port), '-c', 'fsync=off'], {
      ...spawnOptions,
      stdio: 'ignore',
    });
    url = `postgres://spindle@127.0.0.1:${port}/postgres`;
    for (let attempt = 0; ; attempt++) {
      try {
        // Spread 0: three pseudonyms count even within one burst (the burst rule is tested on SQLite with a clock).
        server = await startFingerprintServer(
          { ...SERVER_DEFAULTS, port: 0, databaseUrl: url, contributionsPerWindow: 5, promotionSpreadSeconds: 0 },
          () => undefined,
        );
        break;
      } catch (error) {
        if (attempt > 60) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGINT');
      await exited;
    }
    if (dir && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  });

  const post = (path: string, body: unknown) => postJson(server.url, path, body);

  it('contributes, dedupes, promotes after three releases, identifies, rate-limits and forgets', async () => {
    expect(server.db.dialect).toBe('postgresql');
    const episode = syntheticFingerprint(77);
    const releases = [0, 1, 2].map((k) => distort(shifted(episode, 50 * k, 70 + k), 0.03, 80 + k));
    const payloads = await Promise.all(
      releases.map((items, k) =>
        episodePayload(items, { pseudonym: PSEUDONYMS[k], disc_content_hash_b64: discHash(k + 1) }),
      ),
    );
    expect((await post('/v1/contribute', payloads[0])).body).toEqual({ status: 'accepted', promotion: 'not_yet' });
    expect((await post('/v1/contribute', payloads[0])).body).toEqual({ status: 'duplicate' });
    expect((await post('/v1/contribute', payloads[1])).body.promotion).toBe('not_yet');
    expect((await post('/v1/contribute', payloads[2])).body.promotion).toBe('promoted');

    const query = await encodeFingerprint(distort(shifted(episode, 160, 99), 0.04, 98));
    const found = (await (
      await fetch(`${server.url}/v1/identify?fingerprint=${encodeURIComponent(query.fingerprintB64)}`)
    ).json()) as any;
    expect(found.candidates[0]).toMatchObject({ catalog_id: 1399, season: 1, episode: 3 });

    let limited = 0;
    for (let k = 0; k < 7; k++) {
      const res = await post(
        '/v1/contribute',
        await episodePayload(syntheticFingerprint(500 + k), { pseudonym: PSEUDONYMS[3], match_confidence: 0.2 }),
      );
      if (res.status === 429) limited++;
    }
    expect(limited).toBe(2);

    // Screening: the canonical audio under another label is stored flagged and counts a conflict.
    const misplaced = await episodePayload(distort(episode, 0.03, 97), {
      pseudonym: PSEUDONYMS[1],
      episode: 4,
      disc_content_hash_b64: discHash(9),
    });
    expect(await post('/v1/contribute', misplaced)).toMatchObject({ status: 202, body: { status: 'flagged' } });
    expect(await server.contributions.conflicted([PSEUDONYMS[1]!], 1)).toEqual(new Set([PSEUDONYMS[1]]));

    expect((await post('/v1/forget', { pseudonym: PSEUDONYMS[0] })).body).toEqual({
      deleted_contributions: 1,
      canonical_unaffected: true,
    });
    expect(await server.canonical.count()).toBe(1);
  });

  it('extends a previous version’s schema in place at startup and keeps its rows', async () => {
    const before = await server.contributions.counts();
    for (const sql of PREVIOUS_VERSION_SQL) await server.db.orm.em.getConnection().execute(sql);
    await server.close();
    server = await startFingerprintServer(
      { ...SERVER_DEFAULTS, port: 0, databaseUrl: url, promotionSpreadSeconds: 0 },
      () => undefined,
    );
    const columns = async (table: string) =>
      (
        (await server.db.orm.em
          .getConnection()
          .execute('select column_name from information_schema.columns where table_name = ?', [table])) as {
          column_name: string;
        }[]
      ).map((c) => c.column_name);
    expect(await columns('contributor')).toContain('conflict_count');
    expect(await columns('episode_contribution')).toContain('flag_reason');
    expect(await columns('network_window')).toEqual(expect.arrayContaining(['name', 'window_started_at', 'amount']));
    expect(await server.contributions.counts()).toEqual(before);
    expect(
      (
        await post(
          '/v1/contribute',
          await episodePayload(syntheticFingerprint(901), { pseudonym: PSEUDONYMS[2], match_confidence: 0.2 }),
        )
      ).status,
    ).toBe(201);
  });
});
