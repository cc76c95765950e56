/**
 * The tool ledger stops what a killed run left behind — the very process it started, with its
 * process group — and never a process that merely got a recycled PID.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createChildProcessRunner } from '@spindle/plugin-sdk';
import { ToolProcessLedger } from '../../src/tools/tool-process-ledger.ts';

const logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const dirs: string[] = [];
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('ToolProcessLedger', () => {
  it('notes each tool while it runs and forgets it when it ends', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'spindle-ledger-'));
    dirs.push(dataDir);
    const ledger = new ToolProcessLedger(dataDir, logger);
    const runner = createChildProcessRunner(new AbortController().signal, ledger);
    const running = runner.run('sh', ['-c', 'sleep 0.5']);
    await new Promise((r) => setTimeout(r, 100));
    const seen = readdirSync(join(dataDir, 'run', 'tools'));
    await running;
    expect(seen).toHaveLength(1);
    expect(readdirSync(join(dataDir, 'run', 'tools'))).toEqual([]);
  });

  it('stops a leftover tool and its children, but not a process whose PID was reused', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'spindle-ledger-'));
    dirs.push(dataDir);
    const ledger = new ToolProcessLedger(dataDir, logger);
    // A "tool" left running by a killed service: its own process group with a child.
    const tool = spawn('sh', ['-c', 'sleep 30 & wait'], { detached: true, stdio: 'ignore' });
    ledger.started(tool.pid!, 'sh');
    // An entry whose PID now belongs to someone else (this very test process): its start time differs.
    writeFileSync(
      join(dataDir, 'run', 'tools', `${process.pid}.json`),
      JSON.stringify({ pid: process.pid, file: 'makemkvcon', startTicks: '1' }),
    );
    const stopped = new ToolProcessLedger(dataDir, logger).stopLeftovers();
    expect(stopped).toEqual([{ pid: tool.pid, file: 'sh' }]);
    expect(alive(process.pid)).toBe(true);
    return new Promise<void>((resolve) => {
      tool.once('exit', (_code, signal) => {
        expect(signal).toBe('SIGKILL');
        expect(existsSync(join(dataDir, 'run', 'tools', `${tool.pid}.json`))).toBe(false);
        resolve();
      });
    });
  });
});
