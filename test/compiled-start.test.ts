/**
 * The production start runs compiled JavaScript: `core/bin/spindle.js serve` (what `npm start`
 * runs) builds dist/ when the sources changed and runs it in one Node process, with no tsx. The
 * service answers, the workspace plugins it loads are the compiled ones in dist/plugins (each
 * once), the database gets every migration, and SIGTERM stops it cleanly.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrationsList } from '../migrations/index.ts';

vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 });

const REPO = fileURLToPath(new URL('../', import.meta.url));
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spindle-compiled-'));
  // Build first (minutes on a busy machine), so the start below is a start after the first build.
  const built = spawnSync(process.execPath, [join(REPO, 'core', 'scripts', 'build-dist.mjs'), '--if-needed'], {
    cwd: REPO,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const childrenOf = (pid: number) =>
  readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    });

describe('compiled start', () => {
  it('runs dist/ in one process, loads the compiled plugins once, applies the migrations and stops cleanly', async () => {
    const child = spawn(process.execPath, [join(REPO, 'core', 'bin', 'spindle.js'), 'serve'], {
      cwd: dataDir,
      env: { ...process.env, SPINDLE_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', SPINDLE_FROM_SOURCE: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      const deadline = Date.now() + 120_000;
      while (!/listening on (http:\/\/\S+)/.test(output)) {
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const url = /listening on (http:\/\/\S+)/.exec(output)![1]!;
      expect(output).not.toContain('Compiling');
      const health = (await (await fetch(`${url}/api/health`)).json()) as { status: string; plugins_loaded: number };
      expect(health.status).toBe('ok');
      const plugins = (await (await fetch(`${url}/api/plugins`)).json()) as {
        id: string;
        status: string;
        dir?: string;
      }[];
      const loaded = plugins.filter((p) => p.status === 'loaded');
      expect(loaded.length).toBe(health.plugins_loaded);
      expect(loaded.length).toBeGreaterThan(10);
      expect(new Set(plugins.map((p) => p.id)).size).toBe(plugins.length);
      // The service is this one process: no Node or esbuild child (tsx runs esbuild as one, a launcher
      // the service). Tools it runs for a moment (ffmpeg -version for the start-up checks) may show.
      const children = childrenOf(child.pid!).map((pid) =>
        readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' '),
      );
      expect(children.filter((cmd) => /node|tsx|esbuild|spindle/.test(cmd))).toEqual([]);
      expect(readFileSync(`/proc/${child.pid}/cmdline`, 'utf8')).not.toContain('tsx');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    const db = new DatabaseSync(join(dataDir, 'spindle.db'), { readOnly: true });
    try {
      const applied = db.prepare('select name from mikro_orm_migrations order by id').all() as unknown as {
        name: string;
      }[];
      expect(applied.map((m) => m.name)).toEqual(migrationsList.map((m) => m.name));
    } finally {
      db.close();
    }
  });
});
