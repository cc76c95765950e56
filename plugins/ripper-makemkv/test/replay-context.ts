/** Shared by the scan and rip tests: the replay drives, a fake context pointing at the replay, small checks. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect } from 'vitest';
import { SpindleError, type DiscSource, type JsonObject } from '@spindle/plugin-sdk';
import { createFakeContext, type FakeContext } from '@spindle/plugin-sdk/testing';
import { createMakemkvReplay, type MakemkvReplay } from '../../../test/support/makemkv-replay.ts';

const run = promisify(execFile);

export const DRIVES = {
  '/dev/sr0': 'tv-bluray',
  '/dev/sr1': 'movie-dvd',
  '/dev/sr2': 'sample-dvd',
  '/dev/sr3': 'scratched-dvd',
  '/dev/sr4': 'failed-open',
  '/dev/sr5': 'region-hang',
};

export const disc = (driveId: string, volumeLabel = 'VOLUME', path: string | null = null): DiscSource => ({
  kind: 'disc',
  driveId,
  path,
  volumeLabel,
});

export async function withReplayContext<T>(
  replay: MakemkvReplay,
  fn: (ctx: FakeContext) => Promise<T>,
  settings: JsonObject = {},
): Promise<T> {
  const ctx = await createFakeContext({ appSettings: { ripper_path: replay.path }, settings });
  try {
    return await fn(ctx);
  } finally {
    await ctx.dispose();
  }
}

export interface ReplayEnvironment {
  /** A temp folder for the test file, removed afterwards. */
  root: string;
  /** A replay of every drive in DRIVES. */
  replay: MakemkvReplay;
  /** Runs `fn` with a fake context whose ripper_path is the replay (another replay when given). */
  withCtx<T>(
    fn: (ctx: FakeContext) => Promise<T>,
    options?: { replay?: MakemkvReplay; settings?: JsonObject },
  ): Promise<T>;
}

/** Registers the test file's temp folder and replay (filled in before the tests run). */
export function useReplayEnvironment(): ReplayEnvironment {
  const env = {
    root: '',
    replay: undefined as unknown as MakemkvReplay,
    withCtx: <T>(
      fn: (ctx: FakeContext) => Promise<T>,
      options: { replay?: MakemkvReplay; settings?: JsonObject } = {},
    ): Promise<T> => withReplayContext(options.replay ?? env.replay, fn, options.settings),
  };
  beforeAll(async () => {
    env.root = await mkdtemp(join(tmpdir(), 'ripper-makemkv-'));
    env.replay = await createMakemkvReplay(join(env.root, 'replay'), { drives: DRIVES, secondsPerTitle: 0.5 });
  }, 30_000);
  afterAll(() => rm(env.root, { recursive: true, force: true }));
  return env;
}

export async function errorOf(promise: Promise<unknown>): Promise<SpindleError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(SpindleError.is(error), `expected a SpindleError, got ${String(error)}`).toBe(true);
  return error as SpindleError;
}

export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export async function durationOf(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}
