/**
 * `spindle install-service` through the real CLI entry (core/bin/spindle.js, what `npx spindle`
 * runs): the user and system units are written into a folder given by --dir / SPINDLE_SERVICE_DIR,
 * and their content is what systemd needs (absolute Node, working folder, data folder, restart on
 * failure). Then the unit's own ExecStart line, with its working folder and environment, is run as
 * systemd would run it: the service answers /api/health and stops cleanly on SIGTERM.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runNode } from './support/cli-process.ts';
import { eventually } from './support/http-client.ts';

const REPO = fileURLToPath(new URL('..', import.meta.url)).replace(/\/$/, '');
const SPINDLE = join(REPO, 'core', 'bin', 'spindle.js');

const cli = (args: string[], env: Record<string, string> = {}) =>
  runNode([SPINDLE, ...args], { cwd: REPO, env, unset: ['SPINDLE_SERVICE_DIR', 'SPINDLE_DATA_DIR'] });

/** The unit's [Service] keys: every value of a key (Environment= repeats). */
function serviceKeys(unit: string): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  let section = '';
  for (const line of unit.split('\n')) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) section = header[1]!;
    const kv = /^(\w+)=(.*)$/.exec(line);
    if (kv) keys.set(`${section}.${kv[1]}`, [...(keys.get(`${section}.${kv[1]}`) ?? []), kv[2]!]);
  }
  return keys;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe('spindle install-service', () => {
  it('writes a user unit that runs this installation with an absolute Node, and that unit starts the service', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spindle-unit-'));
    const dataDir = join(dir, 'data');
    const run = await cli(['install-service', '--user', '--dir', dir, '--data-dir', dataDir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Wrote ${join(dir, 'spindle.service')}`);
    expect(run.stdout).toContain('systemctl --user enable --now spindle');
    const unit = await readFile(join(dir, 'spindle.service'), 'utf8');
    const keys = serviceKeys(unit);
    expect(keys.get('Service.WorkingDirectory')).toEqual([REPO]);
    expect(keys.get('Service.Environment')).toContain(`SPINDLE_DATA_DIR=${dataDir}`);
    expect(keys.get('Service.Restart')).toEqual(['on-failure']);
    expect(keys.get('Service.User')).toBeUndefined();
    expect(keys.get('Install.WantedBy')).toEqual(['default.target']);
    const execStart = keys.get('Service.ExecStart')![0]!.split(' ');
    expect(execStart[0]).toBe(process.execPath);
    expect(isAbsolute(execStart[0]!)).toBe(true);
    for (const file of execStart.filter((w) => w.startsWith('/'))) expect(existsSync(file), file).toBe(true);
    expect(execStart.slice(-2)).toEqual(['serve', '--build-ui-if-missing']);

    // Run the unit's command as systemd would: its working folder, its environment, nothing of ours.
    const port = await freePort();
    // SPINDLE_FROM_SOURCE=1: the same entry runs the sources through tsx, so this test never compiles
    // dist/ beside test/compiled-start.test.ts (which covers the compiled start of this command line).
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SPINDLE_FROM_SOURCE: '1',
    };
    for (const assignment of keys.get('Service.Environment')!) {
      const eq = assignment.indexOf('=');
      env[assignment.slice(0, eq)] = assignment.slice(eq + 1);
    }
    const child = spawn(execStart[0]!, execStart.slice(1), {
      cwd: keys.get('Service.WorkingDirectory')![0],
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const health = await eventually(
        () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        (status) => status === 200 || child.exitCode !== null,
        240_000, // a first start may build the web UI
      );
      expect(health, output).toBe(200);
      expect(existsSync(join(dataDir, 'spindle.db')), output).toBe(true);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
  }, 300_000);

  it('writes a system unit (SPINDLE_SERVICE_DIR) that runs as a named user with its data in /var/lib/spindle', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spindle-unit-'));
    const run = await cli(['install-service', '--system', '--run-as', 'media'], { SPINDLE_SERVICE_DIR: dir });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('sudo systemctl enable --now spindle');
    const keys = serviceKeys(await readFile(join(dir, 'spindle.service'), 'utf8'));
    expect(keys.get('Service.User')).toEqual(['media']);
    expect(keys.get('Service.SupplementaryGroups')).toEqual(['cdrom']);
    expect(keys.get('Service.StateDirectory')).toEqual(['spindle']);
    expect(keys.get('Service.Environment')).toContain('SPINDLE_DATA_DIR=/var/lib/spindle');
    expect(keys.get('Service.WorkingDirectory')).toEqual([REPO]);
    expect(keys.get('Service.ExecStart')![0]!.split(' ')[0]).toBe(process.execPath);
    expect(keys.get('Service.Restart')).toEqual(['on-failure']);
    expect(keys.get('Install.WantedBy')).toEqual(['multi-user.target']);
  });

  it('refuses wrong arguments and says when the unit cannot be written', async () => {
    expect(await cli(['install-service', '--user', '--system'])).toMatchObject({
      code: 64,
      stderr: expect.stringContaining('Choose one of --user and --system'),
    });
    expect(await cli(['install-service', '--system', '--run-as', 'no body'])).toMatchObject({
      code: 64,
      stderr: expect.stringContaining('--run-as must be a user name'),
    });
    const dir = await mkdtemp(join(tmpdir(), 'spindle-unit-'));
    await writeFile(join(dir, 'a-file'), 'not a folder');
    const blocked = await cli(['install-service', '--dir', join(dir, 'a-file')]);
    expect(blocked.code).toBe(73);
    expect(blocked.stderr).toContain(`Could not write ${join(dir, 'a-file', 'spindle.service')}`);
  });
});
