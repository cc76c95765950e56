/** Shared by the scan and rip tests: the replay drives, a fake context pointing at the replay, small checks. */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import { SpindleError, type DiscSource, type JsonObject } from '@spindle/plugin-sdk';
import { createFakeContext, type FakeContext } from '@spindle/plugin-sdk/testing';
import type { MakemkvReplay } from '../../../test/support/makemkv-replay.ts';

const run = promisify(execFile);

export const DRIVES = { '/dev/sr0': 'tv-bluray', '/dev/sr1': 'movie-dvd', '/dev/sr2': 'sample-dvd', '/dev/sr3': 'scratched-dvd', '/dev/sr4': 'failed-open', '/dev/sr5': 'region-hang' };

export const disc = (driveId: string, volumeLabel = 'VOLUME', path: string | null = null): DiscSource => ({ kind: 'disc', driveId, path, volumeLabel });

export async function withReplayContext<T>(replay: MakemkvReplay, fn: (ctx: FakeContext) => Promise<T>, settings: JsonObject = {}): Promise<T> {
  const ctx = await createFakeContext({ appSettings: { ripper_path: replay.path }, settings });
  try {
    return await fn(ctx);
  } finally {
    await ctx.dispose();
  }
}

export async function errorOf(promise: Promise<unknown>): Promise<SpindleError> {
  const error = await promise.then(() => null, (e: unknown) => e);
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
