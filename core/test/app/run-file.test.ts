/**
 * The run file: written whole, read back as running while its process lives and as stale once it
 * is gone (or unreadable), removed only by the process that wrote it; and the CLI's URL order
 * (--url, SPINDLE_URL, a running service's run file, HOST/PORT, the default).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRunFile, removeRunFile, runFilePath, writeRunFile, type RunInfo } from '../../src/app/run-file.ts';
import { resolveBaseUrl } from '../../src/cli/service-client.ts';

let dir: string;
const STARTED = new Date().toISOString();
const info = (pid: number): RunInfo => ({
  url: 'http://127.0.0.1:9123',
  pid,
  port: 9123,
  host: '127.0.0.1',
  version: '0.1.0',
  started_at: STARTED,
});

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spindle-runfile-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('run file', () => {
  it('is running while its process lives, stale once it is gone, none when absent', async () => {
    expect(readRunFile(dir)).toEqual({ state: 'none' });
    writeRunFile(dir, info(process.pid));
    expect(readRunFile(dir)).toEqual({ state: 'running', info: info(process.pid) });
    const gone = spawnSync('true').pid!;
    writeRunFile(dir, info(gone));
    expect(readRunFile(dir)).toMatchObject({ state: 'stale', info: { pid: gone }, path: runFilePath(dir) });
    await writeFile(runFilePath(dir), '{"half": ');
    expect(readRunFile(dir).state).toBe('stale');
  });

  it('is removed only by the process that wrote it', () => {
    writeRunFile(dir, info(process.pid + 1));
    removeRunFile(dir);
    expect(existsSync(runFilePath(dir))).toBe(true);
    writeRunFile(dir, info(process.pid));
    removeRunFile(dir);
    expect(existsSync(runFilePath(dir))).toBe(false);
  });

  it('gives the CLI the running service before HOST/PORT, after --url and SPINDLE_URL', () => {
    const running = { state: 'running', info: info(process.pid) } as const;
    expect(resolveBaseUrl(undefined, { PORT: '8001' }, dir, running)).toBe('http://127.0.0.1:9123');
    expect(resolveBaseUrl(undefined, { SPINDLE_URL: 'http://nas:1' }, dir, running)).toBe('http://nas:1');
    expect(resolveBaseUrl('http://x:2', {}, dir, running)).toBe('http://x:2');
    const stale = { state: 'stale', info: info(1), path: runFilePath(dir) } as const;
    expect(resolveBaseUrl(undefined, { PORT: '8001' }, dir, stale)).toBe('http://127.0.0.1:8001');
  });
});
