/**
 * `spindle serve` as a user starts it, read from its console: one start-up summary (URL, data
 * folder, what is missing before a disc can go through and where to fix it) instead of a line per
 * plugin. And the run file it leaves in the data folder: `spindle jobs` with no --url, no PORT and
 * no SPINDLE_URL finds the service on its random port; a clean stop removes the file; a file left
 * by a process that is gone is reported as stale by the CLI and replaced by the next start.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findTool } from '../core/src/tools/tool-locations.ts';
import { runSpindle } from './support/cli-process.ts';
import { writeConfig } from './support/service-harness.ts';
import { spawnService, type ServiceProcess } from './support/service-process.ts';
import { makeUnwritable, type Unwritable } from './support/unwritable-folder.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let root: string;
let dataDir: string;
let movies: string;
let unwritable: Unwritable;
let service: ServiceProcess | null = null;

const cli = (args: string[], env: Record<string, string>) =>
  runSpindle(args, { cwd: root, env, unset: ['HOST', 'PORT', 'SPINDLE_URL', 'SPINDLE_DATA_DIR'] });

async function outputUntil(svc: ServiceProcess, text: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (!svc.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`no "${text}" in the console:\n${svc.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return svc.output();
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-start-'));
  dataDir = join(root, 'data');
  movies = join(root, 'Movies');
  for (const dir of [dataDir, join(root, 'staging'), join(root, 'TV')]) await mkdir(dir);
  unwritable = await makeUnwritable(movies);
  await writeConfig(dataDir, {
    staging_path: join(root, 'staging'),
    library_movies_path: movies,
    library_tv_path: join(root, 'TV'),
    pipeline: { detectors: [] },
  });
});

afterAll(async () => {
  await service?.stop();
  if (unwritable?.ok) await unwritable.undo();
  await rm(root, { recursive: true, force: true });
});

describe('start-up', () => {
  it('prints one summary: where to open it, the data folder, and what is missing with where to fix it', async (ctx) => {
    if (!unwritable.ok) return ctx.skip(unwritable.why);
    service = await spawnService({ SPINDLE_DATA_DIR: dataDir });
    const output = await outputUntil(service, 'Fix these in the setup wizard');
    const url = service.url;
    expect(output).toContain(`listening on ${url}`);
    expect(output).toContain(`Open ${url} in a browser`);
    expect(output).toContain(`Data folder: ${dataDir}`);
    expect(output).toMatch(/Plugins: \d+ loaded/);
    expect(output).not.toMatch(/plugin \S+ \S+ loaded from/);
    const missing = output.slice(output.indexOf('Missing before a disc can go through:'));
    expect(missing).toMatch(
      new RegExp(
        `- Movies library: ${movies}: (the folder is on a read-only file system|Spindle is not allowed to write there); give Spindle's user write access to ${movies}`,
      ),
    );
    expect(missing).not.toContain('Staging folder');
    expect(missing).not.toContain('TV library');
    if ((await findTool('ripper')) === null)
      expect(missing).toContain(
        '- MakeMKV: not found on this machine; install MakeMKV (makemkvcon), or set RIPPER_PATH',
      );
    expect(output).toMatch(/Optional:\n\s+- TMDB: no key yet; .*Settings → Identification/);
    expect(output).toContain(`Fix these in the setup wizard: ${url}/setup`);
  });

  it('leaves a run file so the CLI finds the service on any port; a clean stop removes it', async () => {
    service ??= await spawnService({ SPINDLE_DATA_DIR: dataDir });
    const runFile = join(dataDir, 'spindle.run.json');
    const info = JSON.parse(await readFile(runFile, 'utf8')) as { url: string; pid: number; port: number };
    expect(info).toMatchObject({ url: service.url, pid: service.child.pid });
    expect(info.port).not.toBe(8000);

    const jobs = await cli(['jobs'], { SPINDLE_DATA_DIR: dataDir });
    expect(jobs.stderr).toBe('');
    expect(jobs.stdout).toBe('No active jobs.\n');
    expect(jobs.code).toBe(0);

    expect(await service.stop('SIGTERM')).toMatchObject({ code: 0 });
    service = null;
    expect(existsSync(runFile)).toBe(false);
  });

  it('reports a stale run file (its process is gone) and the next start replaces it', async () => {
    const runFile = join(dataDir, 'spindle.run.json');
    const gone = spawnSync('true').pid!;
    await writeFile(
      runFile,
      JSON.stringify({
        url: 'http://127.0.0.1:1',
        pid: gone,
        port: 1,
        host: '127.0.0.1',
        version: '0.1.0',
        started_at: new Date().toISOString(),
      }),
    );
    const jobs = await cli(['jobs'], { SPINDLE_DATA_DIR: dataDir, PORT: '1' });
    expect(jobs.code).toBe(69);
    expect(jobs.stderr).toContain(`${runFile} is left from a run that did not stop cleanly (process ${gone} is gone)`);

    service = await spawnService({ SPINDLE_DATA_DIR: dataDir });
    await outputUntil(service, 'replaced the run file of a run that did not stop cleanly');
    expect(JSON.parse(await readFile(runFile, 'utf8'))).toMatchObject({ url: service.url, pid: service.child.pid });
  });
});
