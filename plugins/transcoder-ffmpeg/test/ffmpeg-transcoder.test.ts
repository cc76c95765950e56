/**
 * The transcoder with the real ffmpeg: a verified H.265 re-encode that keeps every audio and
 * subtitle stream and the chapters; a hardware encoder that ffmpeg lists but that does not work
 * here falls back to software; an injected failure (an ffmpeg that stops after 5 s) fails
 * verification and leaves the original alone with nothing half-written; abort stops ffmpeg.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProgressUpdate, Transcoder } from '@spindle/plugin-sdk';
import { createFakeSetup, readManifest, type FakeSetup } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { makeTestTitle } from './make-test-title.ts';

const manifest = readManifest(new URL('../package.json', import.meta.url));
let dir = '';
let input = '';
const setups: FakeSetup[] = [];

async function transcoder(
  settings: Record<string, unknown>,
  appSettings: Record<string, string> = {},
): Promise<{ t: Transcoder; setup: FakeSetup }> {
  const setup = await createFakeSetup({ manifest, settings: settings as never, appSettings });
  setups.push(setup);
  return { t: await plugin.definition.providers!.transcoder!.ffmpeg!(setup), setup };
}

/** An "ffmpeg" that is the real one told to read only the first 5 seconds of its input. */
async function truncatingFfmpeg(): Promise<string> {
  const bin = join(dir, 'bin');
  await rm(bin, { recursive: true, force: true });
  await import('node:fs/promises').then((fs) => fs.mkdir(bin));
  const real = execFileSync('sh', ['-c', 'command -v ffmpeg']).toString().trim();
  const probe = execFileSync('sh', ['-c', 'command -v ffprobe']).toString().trim();
  await writeFile(join(bin, 'ffmpeg'), `#!/bin/sh\nexec "${real}" -t 5 "$@"\n`);
  await chmod(join(bin, 'ffmpeg'), 0o755);
  await symlink(probe, join(bin, 'ffprobe'));
  return join(bin, 'ffmpeg');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'transcoder-ffmpeg-'));
  input = await makeTestTitle(dir, 'title_t00', 20);
}, 60_000);
afterAll(async () => {
  for (const setup of setups) await setup.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('ffmpeg transcoder', () => {
  it('re-encodes to H.265 with audio, subtitles and chapters kept, verified, reporting progress', async () => {
    const before = await stat(input);
    const { t } = await transcoder({ codec: 'h265', crf: 28, preset: 'ultrafast', hardware: 'off' });
    const updates: ProgressUpdate[] = [];
    const output = join(dir, 'title_t00.h265.mkv');
    const result = await t.transcode({
      input,
      output,
      signal: new AbortController().signal,
      onProgress: (u) => updates.push(u),
    });

    expect(result).toMatchObject({ output, encoder: 'libx265' });
    expect(result.verification.streams.output).toEqual({ video: 1, audio: 2, subtitle: 1 });
    expect(result.verification.streams.input).toEqual({ video: 1, audio: 2, subtitle: 1 });
    expect(result.verification.chapters).toEqual({ input: 3, output: 3 });
    expect(
      Math.abs(result.verification.outputDurationSeconds - result.verification.inputDurationSeconds),
    ).toBeLessThanOrEqual(1);
    expect(result.speed).toBeGreaterThan(0);
    expect(result.sizeBytes).toBe((await stat(output)).size);
    const codec = execFileSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_name',
      '-of',
      'csv=p=0',
      output,
    ])
      .toString()
      .trim();
    expect(codec).toBe('hevc');
    const audio = execFileSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'a',
      '-show_entries',
      'stream=codec_name:stream_tags=language',
      '-of',
      'csv=p=0',
      output,
    ])
      .toString()
      .trim()
      .split('\n');
    expect(audio).toEqual(['aac,eng', 'aac,fra']); // copied, not re-encoded, languages kept

    expect(updates.length).toBeGreaterThan(0);
    expect(updates.every((u) => u.fraction >= 0 && u.fraction <= 1)).toBe(true);
    expect(updates.at(-1)).toMatchObject({ fraction: 1, etaSeconds: 0 });
    expect(updates.some((u) => typeof u.speed === 'number' && u.speed > 0)).toBe(true);
    // The input is untouched, and nothing half-written is left beside the output.
    const after = await stat(input);
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
    expect((await readdir(dir)).filter((n) => n.includes('.partial'))).toEqual([]);
  });

  it('falls back to the software encoder when a listed hardware encoder does not work here', async () => {
    const { t, setup } = await transcoder({ codec: 'h264', crf: 30, preset: 'ultrafast', hardware: 'auto' });
    const output = join(dir, 'title_t00.h264.mkv');
    const result = await t.transcode({ input, output, signal: new AbortController().signal });
    const listed = execFileSync('ffmpeg', ['-hide_banner', '-encoders']).toString();
    if (result.encoder === 'libx264') {
      // Every hardware H.264 encoder ffmpeg lists was tried once and found not to work on this machine.
      for (const hw of ['h264_nvenc', 'h264_qsv', 'h264_vaapi'].filter((name) => listed.includes(` ${name} `))) {
        expect(setup.logger.entries.map((e) => e.message)).toContainEqual(
          expect.stringMatching(new RegExp(`${hw} is listed but does not work here`)),
        );
      }
    } else {
      expect(['h264_nvenc', 'h264_qsv', 'h264_vaapi']).toContain(result.encoder); // a machine with working hardware
    }
    expect(result.verification.streams.output).toEqual({ video: 1, audio: 2, subtitle: 1 });
  });

  it('keeps the original and leaves no output when the transcode fails verification (an ffmpeg that stops early)', async () => {
    const fake = await truncatingFfmpeg();
    const before = await stat(input);
    const { t } = await transcoder(
      { codec: 'h264', crf: 30, preset: 'ultrafast', hardware: 'off' },
      { media_tool_path: fake },
    );
    const output = join(dir, 'title_t00.short.mkv');
    const error = await t.transcode({ input, output, signal: new AbortController().signal }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'transcode_verification_failed', category: 'ripper' });
    expect((error as Error).message).toMatch(
      /title_t00\.mkv failed verification: it lasts [5-7]\.\d+ s instead of 20\.\d+ s/,
    );
    expect((error as Error).message).not.toContain(dir); // file names, not the folder layout
    expect(existsSync(output)).toBe(false);
    expect((await readdir(dir)).filter((n) => n.includes('.partial'))).toEqual([]);
    const after = await stat(input);
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
  });

  it('fails with a coded error for an input ffprobe cannot read, and for a missing input', async () => {
    const { t } = await transcoder({ hardware: 'off' });
    const junk = join(dir, 'junk.mkv');
    await writeFile(junk, 'not a matroska file');
    await expect(
      t.transcode({ input: junk, output: join(dir, 'junk.out.mkv'), signal: new AbortController().signal }),
    ).rejects.toMatchObject({ code: 'probe_failed' });
    await expect(
      t.transcode({
        input: join(dir, 'gone.mkv'),
        output: join(dir, 'gone.out.mkv'),
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({ code: 'transcode_input_missing' });
    await expect(t.transcode({ input, output: input, signal: new AbortController().signal })).rejects.toMatchObject({
      code: 'transcode_output_is_input',
    });
  });

  it('stops ffmpeg when aborted and removes the partial file', async () => {
    const big = await makeTestTitle(dir, 'long', 90, '1280x720');
    const { t } = await transcoder({ codec: 'h265', crf: 22, preset: 'medium', hardware: 'off' });
    const controller = new AbortController();
    const output = join(dir, 'long.h265.mkv');
    const started = Date.now();
    let abortedAt = 0;
    const error = await t
      .transcode({
        input: big,
        output,
        signal: controller.signal,
        onProgress: () => {
          if (!controller.signal.aborted) {
            abortedAt = Date.now();
            controller.abort(new Error('cancelled by the test'));
          }
        },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'aborted' });
    expect(abortedAt).toBeGreaterThan(started);
    expect(Date.now() - abortedAt).toBeLessThan(5000);
    expect(existsSync(output)).toBe(false);
    expect((await readdir(dir)).filter((n) => n.includes('.partial'))).toEqual([]);
  }, 30_000);
});
