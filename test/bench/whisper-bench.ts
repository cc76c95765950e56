/**
 * npm run bench:whisper — per-chunk cost of whisper.cpp with a process per chunk (whisper-cli, which
 * loads the model every time) against the resident whisper-server (loads it once), in the same run,
 * on the same 30-second chunks, with a generated model of the real `small` model's shape and size
 * (random weights: loading and running cost what the real model costs; the words are noise).
 * Both use the plugin's own code: the built binaries from the shared build cache, the whisper-cli
 * arguments of whisperArgs() and the WhisperServerPool. Decoding is bounded the same way for both
 * (no temperature fallback, no carried context), so random weights cannot make a chunk run away.
 *
 * Overhead per chunk, bounded conservatively: the resident server's steady per-chunk time is an
 * upper bound on the work a chunk itself needs (plus the HTTP round trip), so a process per chunk
 * has at least (its time − that) of overhead (process start, model load — whisper-cli's own "load
 * time" is printed —, state and buffer setup, first touch of the weights), and the resident server
 * at most its whole time. Target: overhead cut by ≥ 2×. BENCH_CHUNKS (default 4), BENCH_THREADS (default 2) and BENCH_AUDIO_CTX change the run.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createFakeSetup } from '@spindle/plugin-sdk/testing';
import { whisperArgs } from '../../plugins/transcriber-whisper/src/whisper-cli-run.ts';
import { WhisperBuilder } from '../../plugins/transcriber-whisper/src/whisper-build.ts';
import { parseWhisperJson } from '../../plugins/transcriber-whisper/src/whisper-json.ts';
import { WhisperServerPool } from '../../plugins/transcriber-whisper/src/whisper-server-pool.ts';
import { locateWhisperSource } from '../../plugins/transcriber-whisper/src/whisper-source.ts';
import { smallShapedModel } from '../../plugins/transcriber-whisper/test/fixtures/make-small-shaped-ggml-model.ts';
import { SHARED_BUILD_CACHE, speechWav } from '../../plugins/transcriber-whisper/test/support/whisper-fixtures.ts';

const CHUNKS = Math.max(2, Number(process.env.BENCH_CHUNKS ?? 4));
const THREADS = Math.max(1, Number(process.env.BENCH_THREADS ?? 2));
/**
 * Encoder context: 256 of the 1500 frames by default, so one chunk's compute stays short on a
 * shared 2-core machine and the per-chunk overhead being measured is not lost in its noise; the
 * model loaded is still the whole small-sized file. BENCH_AUDIO_CTX=0 runs the full window.
 */
const AUDIO_CTX = Math.max(0, Number(process.env.BENCH_AUDIO_CTX ?? 256));
const DECODE_ARGS = ['-mc', '0', ...(AUDIO_CTX > 0 ? ['-ac', String(AUDIO_CTX)] : [])];
/** No temperature fallback: whisper-cli takes -nf, whisper-server only a per-request temperature_inc of 0. */
const CLI_ARGS = ['-nf', ...DECODE_ARGS];
const REQUEST_FIELDS = { temperature_inc: '0.0' };
const MODEL_PATH = join(dirname(SHARED_BUILD_CACHE), 'whisper-bench', 'ggml-small-shaped-random-v1.bin');
const s = (ms: number) => (ms / 1000).toFixed(2);
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** "whisper_print_timings:    total time =  1234.56 ms" → 1234.56 */
function timing(stderr: string, name: string): number {
  const match = new RegExp(`whisper_print_timings:\\s+${name} time =\\s+([\\d.]+) ms`).exec(stderr);
  if (!match) throw new Error(`whisper-cli printed no ${name} time`);
  return Number(match[1]);
}

const setup = await createFakeSetup();
const work = await mkdtemp(join(tmpdir(), 'spindle-bench-whisper-'));
try {
  console.log(
    `bench:whisper — ${CHUNKS} chunks of 30 s, ${THREADS} thread(s), ${cpus().length} CPU(s), decoding flags ${CLI_ARGS.join(' ')}`,
  );
  const builder = new WhisperBuilder({
    processes: setup.processes,
    logger: setup.logger,
    source: locateWhisperSource(),
    cacheRoot: SHARED_BUILD_CACHE,
  });
  const buildStarted = Date.now();
  const binary = await builder.ensure('cpu');
  if (!binary.serverPath) throw new Error('the build has no whisper-server');
  console.log(`  binaries: ${binary.dir} (${s(Date.now() - buildStarted)} s to find or build)`);

  await mkdir(dirname(MODEL_PATH), { recursive: true });
  const modelStarted = Date.now();
  const model = await smallShapedModel(MODEL_PATH);
  console.log(
    `  model: ${(model.bytes / 2 ** 20).toFixed(0)} MiB, small-shaped, random weights (${model.made ? `generated in ${s(Date.now() - modelStarted)} s` : 'cached'})`,
  );

  const speech = speechWav(work, 'Every chunk of a title goes to the speech model; this one is thirty seconds long.');
  const chunk = join(work, 'chunk.wav');
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', speech, '-af', 'apad', '-t', '30', chunk]);

  // A process per chunk: whisper-cli exactly as the plugin runs it.
  const cliWall: number[] = [];
  const compute: number[] = [];
  const loads: number[] = [];
  for (let i = 0; i < CHUNKS; i += 1) {
    const out = join(work, `cli-${i}`);
    await mkdir(out);
    const args = [
      ...whisperArgs({ model: model.path, wavPath: chunk, language: 'en', threads: THREADS, workDir: out }),
      ...CLI_ARGS,
    ];
    const started = Date.now();
    const result = await setup.processes.run(binary.path, args, { timeoutMs: 30 * 60_000 });
    const parsed = parseWhisperJson(await readFile(join(out, 'transcript.json'), 'utf8'));
    cliWall.push(Date.now() - started);
    if (result.exitCode !== 0) throw new Error(`whisper-cli failed: ${result.stderr.slice(-400)}`);
    loads.push(timing(result.stderr, 'load'));
    compute.push(timing(result.stderr, 'total') - timing(result.stderr, 'load'));
    console.log(
      `  process per chunk #${i + 1}: ${s(cliWall[i]!)} s (model load ${s(loads[i]!)} s, compute ${s(compute[i]!)} s, ${parsed.text.split(' ').length} words)`,
    );
  }

  // The resident server: started on the first chunk, then every chunk goes to the same process.
  const pool = new WhisperServerPool({
    processes: setup.processes,
    logger: setup.logger,
    idleMs: 10 * 60_000,
    startTimeoutMs: 10 * 60_000,
  });
  const launch = {
    binary: binary.serverPath,
    model: model.path,
    threads: THREADS,
    extraArgs: DECODE_ARGS,
    requestFields: REQUEST_FIELDS,
  };
  const residentWall: number[] = [];
  const firstStarted = Date.now();
  for (let i = 0; i < CHUNKS; i += 1) {
    const started = Date.now();
    const parsed = await pool.transcribe(launch, 1, chunk, 'en', new AbortController().signal, 30 * 60_000);
    residentWall.push(Date.now() - started);
    console.log(
      `  resident server   #${i + 1}: ${s(residentWall[i]!)} s${i === 0 ? ' (includes starting it and loading the model)' : ''} (${parsed.text.split(' ').length} words)`,
    );
  }
  const residentTotal = Date.now() - firstStarted;
  const modelLoads = pool.modelLoads();
  await pool.stopAll();

  const cliMean = mean(cliWall);
  const steady = mean(residentWall.slice(1));
  const amortised = residentTotal / CHUNKS;
  const computeMean = mean(compute);
  const cliOverhead = cliMean - steady; // at least this much of a whisper-cli run is not the chunk's own work
  const residentOverhead = steady; // at most everything
  console.log('');
  console.log(
    `  per chunk, process per chunk:  ${s(cliMean)} s (whisper-cli's model load alone ${s(mean(loads))} s; it reports ${s(computeMean)} s after the load, setup included)`,
  );
  console.log(
    `  per chunk, resident server:    ${s(steady)} s after the first; ${s(amortised)} s averaged over all ${CHUNKS} with its start`,
  );
  console.log(`  model loads: ${CHUNKS} with a process per chunk, ${modelLoads} with the resident server`);
  console.log(
    `  per-chunk overhead: ≥ ${s(cliOverhead)} s with a process per chunk, ≤ ${s(residentOverhead)} s resident → cut ≥ ${(cliOverhead / residentOverhead).toFixed(1)}× (target ≥ 2×)`,
  );
  console.log(
    `  per-chunk time ${(cliMean / steady).toFixed(2)}× faster (${(cliMean / amortised).toFixed(2)}× with the start counted over ${CHUNKS} chunks)`,
  );
  const ok = cliOverhead / residentOverhead >= 2 && modelLoads === 1;
  console.log(ok ? '  PASS' : '  FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  await setup.dispose();
  await rm(work, { recursive: true, force: true });
}
