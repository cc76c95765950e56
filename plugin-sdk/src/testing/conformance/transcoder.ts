/** Conformance checks for a Transcoder provider: a verified output, the input untouched, progress, coded errors, abort. */
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProgressUpdate } from '../../context.ts';
import type { Transcoder } from '../../providers/transcoder.ts';
import {
  assertNoProblems,
  abortExpectation,
  fail,
  invoke,
  invokeMayFail,
  progressProblems,
  type ConformanceCheck,
} from './check.ts';

export interface TranscoderConformanceOptions {
  create: () => Transcoder | Promise<Transcoder>;
  /** A short real title (an MKV with video and audio; a few seconds are enough). */
  inputFile: () => string | Promise<string>;
  abortWithinMs?: number;
}

async function inTempFolder(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'spindle-transcoder-conformance-'));
  try {
    await run(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function transcoderConformance(options: TranscoderConformanceOptions): ConformanceCheck[] {
  const expectAbort = abortExpectation(options);
  return [
    {
      name: 'transcoder: writes a verified output, reports progress within 0–1, and leaves the input alone',
      async run() {
        const transcoder = await invoke('create()', options.create);
        const input = await options.inputFile();
        const before = await stat(input);
        await inTempFolder(async (dir) => {
          const output = join(dir, 'out.mkv');
          const updates: ProgressUpdate[] = [];
          const result = await invoke('transcode()', () =>
            transcoder.transcode({
              input,
              output,
              signal: new AbortController().signal,
              onProgress: (u) => updates.push(u),
            }),
          );
          if (result.output !== output)
            fail(`transcode() answered output ${result.output}, not the requested ${output}`);
          if (!existsSync(output)) fail('transcode() resolved but the output file does not exist');
          if (result.sizeBytes !== (await stat(output)).size) fail('sizeBytes is not the size of the output file');
          if (typeof result.encoder !== 'string' || result.encoder === '') fail('encoder must name the encoder used');
          const v = result.verification;
          const problems: string[] = [];
          if (!(Math.abs(v.outputDurationSeconds - v.inputDurationSeconds) <= 1))
            problems.push(`output lasts ${v.outputDurationSeconds} s, input ${v.inputDurationSeconds} s`);
          for (const kind of ['video', 'audio', 'subtitle'] as const) {
            if (v.streams.output[kind] < v.streams.input[kind])
              problems.push(`${kind} streams: ${v.streams.output[kind]} of ${v.streams.input[kind]}`);
          }
          assertNoProblems('the verification', problems);
          assertNoProblems('the progress', progressProblems(updates));
          if ((await readdir(dir)).length !== 1)
            fail(`transcode() left other files beside the output: ${(await readdir(dir)).join(', ')}`);
        });
        const after = await stat(input);
        if (after.size !== before.size || after.mtimeMs !== before.mtimeMs) fail('transcode() changed its input');
      },
    },
    {
      name: 'transcoder: a missing input fails with a coded error and writes nothing',
      async run() {
        const transcoder = await invoke('create()', options.create);
        await inTempFolder(async (dir) => {
          const outcome = await invokeMayFail('transcode() of a missing file', () =>
            transcoder.transcode({
              input: join(dir, 'missing.mkv'),
              output: join(dir, 'out.mkv'),
              signal: new AbortController().signal,
            }),
          );
          if (outcome.ok) fail('transcode() of a missing file resolved; it must reject with a coded SpindleError');
          if ((await readdir(dir)).length > 0) fail('transcode() of a missing file left files behind');
        });
      },
    },
    {
      name: 'transcoder: an aborted signal rejects quickly with a coded error and writes nothing',
      async run() {
        const transcoder = await invoke('create()', options.create);
        const input = await options.inputFile();
        await inTempFolder(async (dir) => {
          const controller = new AbortController();
          controller.abort();
          await expectAbort('transcode()', () =>
            transcoder.transcode({ input, output: join(dir, 'out.mkv'), signal: controller.signal }),
          );
          if ((await readdir(dir)).length > 0) fail('an aborted transcode() left files behind');
        });
      },
    },
  ];
}
