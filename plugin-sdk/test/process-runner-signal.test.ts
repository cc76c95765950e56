import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createChildProcessRunner } from '../src/runtime/child-process-runner.ts';

/** Running (a zombie waiting for its reaper counts as gone). */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
};

describe.skipIf(process.platform === 'win32')('ProcessOptions.signal', () => {
  it('kills the whole process tree when the per-run signal fires, with the stage signal untouched', async () => {
    const stage = new AbortController();
    const runner = createChildProcessRunner(stage.signal);
    const own = new AbortController();
    const pids: number[] = [];
    const script =
      'const { spawn } = require("node:child_process"); const c = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" }); console.log(process.pid, c.pid); setInterval(() => {}, 1000);';
    const started = Date.now();
    const result = await runner.run(process.execPath, ['-e', script], {
      signal: own.signal,
      onStdoutLine: (line) => {
        pids.push(...line.split(' ').map(Number));
        own.abort(new Error('watchdog'));
      },
    });
    expect(result.aborted).toBe(true);
    expect(stage.signal.aborted).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000); // the child would run forever
    await new Promise((r) => setTimeout(r, 100));
    expect(pids).toHaveLength(2);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });

  it('does not start at all when the per-run signal already fired', async () => {
    const own = new AbortController();
    own.abort();
    const result = await createChildProcessRunner(new AbortController().signal).run(
      process.execPath,
      ['-e', 'console.log(1)'],
      { signal: own.signal },
    );
    expect(result).toEqual({ exitCode: null, stdout: '', stderr: '', aborted: true });
  });
});
