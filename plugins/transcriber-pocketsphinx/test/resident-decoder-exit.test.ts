/**
 * A resident decoder whose process ends while a chunk is being handed to it: the end of a process is
 * seen a moment after it dies, so a chunk can pass the "is it running?" check and then find the
 * process gone. It must be said as gone (DecoderGoneError), so the pool starts a new process for
 * that chunk, never a TypeError from writing to a closed control file. A full run of the suite met
 * this once (the resident-decoder test's chunk after an abort).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ProcessOptions, ProcessResult, ProcessRunner } from '@spindle/plugin-sdk';
import { DecoderPool } from '../src/decoder-pool.ts';
import { DecoderGoneError, ResidentDecoder, type DecoderLaunch } from '../src/resident-decoder.ts';

const launch: DecoderLaunch = { binary: 'pocketsphinx_batch', hmm: '/m/hmm', dict: '/m/dict', lm: '/m/lm' };

/** Runs mkfifo for real; the decoder "process" is a promise the test ends when it likes. */
class ControlledRunner implements ProcessRunner {
  readonly ends: ((result: ProcessResult) => void)[] = [];

  async run(file: string, args: readonly string[], options?: ProcessOptions): Promise<ProcessResult> {
    if (file === 'mkfifo') {
      execFileSync('mkfifo', [...args]);
      return { exitCode: 0, stdout: '', stderr: '', aborted: false };
    }
    return new Promise((resolve) => {
      const end = (result: ProcessResult) => resolve(result);
      this.ends.push(end);
      options?.signal?.addEventListener('abort', () => end({ exitCode: null, stdout: '', stderr: '', aborted: true }));
    });
  }

  /** The newest decoder process dies (as a kill would end it). */
  killNewest(): void {
    this.ends.at(-1)!({ exitCode: null, stdout: '', stderr: '', aborted: false, signal: 'SIGKILL' });
  }
}

const dir = mkdtempSync(join(tmpdir(), 'spindle-sphinx-exit-'));
const wav = join(dir, 'chunk.wav');
writeFileSync(wav, Buffer.alloc(44));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a resident decoder that ends while a chunk is handed to it', () => {
  it('says it is gone (not a TypeError from a closed control file)', async () => {
    const runner = new ControlledRunner();
    const decoder = new ResidentDecoder(runner, launch);
    await decoder.start();
    expect(decoder.running).toBe(true);
    // The process dies now; its end is seen only after the current step, as with a real child process.
    runner.killNewest();
    expect(decoder.running).toBe(true);
    const outcome = await decoder.decode(wav, new AbortController().signal, 10_000).catch((e: unknown) => e);
    expect(outcome).toBeInstanceOf(DecoderGoneError);
    expect(decoder.running).toBe(false);
  });

  it('the pool hands that chunk to a new process', async () => {
    const runner = new ControlledRunner();
    const pool = new DecoderPool(runner, 60_000);
    const first = pool.decode(launch, wav, new AbortController().signal, 10_000).catch((e: unknown) => e);
    await expect.poll(() => pool.started).toBe(1); // started, the chunk on its way or waiting
    // The chunk's process dies: the pool tries once more on a new one.
    runner.killNewest();
    await expect.poll(() => pool.started).toBe(2);
    expect(runner.ends).toHaveLength(2);
    runner.killNewest(); // the second dies too: now the chunk fails, said as gone
    expect(await first).toBeInstanceOf(DecoderGoneError);
    await pool.stopAll();
  });
});
