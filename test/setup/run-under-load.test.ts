/**
 * `npm run test:under-load` (run-under-load.mjs): it runs vitest with the arguments given beside
 * the busy loops, passes vitest's exit code on, and no busy loop outlives it — neither after a
 * normal end nor when the script itself is killed with SIGKILL.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./run-under-load.mjs', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const QUICK = 'core/test/jobs/title-state-machine.test.ts';

/** Whether the process still runs (a zombie waiting for a parent that does not reap it has stopped). */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0] !== 'Z';
  } catch {
    return false;
  }
};

function start(args: string[]) {
  const child = spawn(process.execPath, [SCRIPT, ...args], {
    cwd: ROOT,
    env: { ...process.env, SPINDLE_HOGS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const hogPids = async () => {
    await expect.poll(() => /pids ([\d ]+)\)/.test(output), { timeout: 30_000 }).toBe(true);
    return /pids ([\d ]+)\)/.exec(output)![1]!.trim().split(' ').map(Number);
  };
  return { child, exited, hogPids, output: () => output };
}

describe('test:under-load', () => {
  it('runs vitest with the given files beside a busy loop, passes its exit code on, and stops the loop', async () => {
    const run = start([QUICK]);
    const [hog] = await run.hogPids();
    expect(await run.exited, run.output()).toBe(0);
    expect(run.output()).toMatch(/Tests\s+.*passed/);
    expect(run.output()).toMatch(/every busy loop stopped/);
    expect(alive(hog!)).toBe(false);
  }, 120_000);

  it('a failing run fails the script', async () => {
    const run = start(['core/test/jobs/no-such-file-here.test.ts']);
    expect(await run.exited).not.toBe(0);
  }, 120_000);

  it('a busy loop stops by itself when the script is killed outright', async () => {
    const run = start([QUICK]);
    const [hog] = await run.hogPids();
    run.child.kill('SIGKILL');
    await run.exited;
    await expect.poll(() => alive(hog!), { timeout: 60_000 }).toBe(false);
  }, 120_000);
});
