/**
 * The whisper transcriber end to end with real parts: whisper-cli built by cmake from the source
 * nodejs-whisper ships (cached between runs), the model downloaded over HTTP from a local server
 * (a generated ggml model that says fixed words), speech made by espeak-ng and ffmpeg, and
 * whisper-cli's JSON output parsed. This file covers the whisper-cli path (one process per chunk,
 * `resident_idle_seconds: 0`); whisper-resident.test.ts covers the resident whisper-server.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, type JsonObject, type TranscriberStatus } from '@spindle/plugin-sdk';
import { createFakeSetup, type FakeSetup } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { WhisperTranscriber } from '../src/whisper-transcriber.ts';
import { TINY_MODEL_TEXT, TINY_MODEL_WORDS } from './fixtures/make-tiny-ggml-model.ts';
import { startModelServer, type ModelServer } from './support/model-server.ts';
import { BUILD_TIMEOUT_MS, SHARED_BUILD_CACHE, silentWav, speechWav, tinyModel } from './support/whisper-fixtures.ts';

const model = tinyModel();

describe('whisper transcriber with the real whisper-cli', () => {
  let server: ModelServer;
  let setup: FakeSetup<JsonObject>;
  let whisper: WhisperTranscriber;
  let audioDir: string;
  const statuses: TranscriberStatus[] = [];

  beforeAll(async () => {
    server = await startModelServer({ 'ggml-small.bin': model.bytes });
    audioDir = await mkdtemp(join(tmpdir(), 'spindle-whisper-audio-'));
    setup = await createFakeSetup<JsonObject>({
      settings: {
        model_base_url: server.baseUrl,
        build_cache_dir: SHARED_BUILD_CACHE,
        threads: 2,
        resident_idle_seconds: 0,
      },
      appSettings: { max_concurrent_matches: 1 },
    });
    whisper = new WhisperTranscriber(setup, { modelSpec: model.spec });
    whisper.onStatus((status) => statuses.push(status));
    // Builds whisper-cli unless an earlier run on this machine did (then it only finds the cache).
    await whisper.prepare(new AbortController().signal);
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    await setup?.dispose();
    await rm(audioDir, { recursive: true, force: true });
  });

  it('is a transcriber provider of the plugin, not ready before its first use', async () => {
    expect(plugin.offers).toEqual([{ group: 'provider', kind: 'transcriber', id: 'whisper' }]);
    const fresh = await createFakeSetup<JsonObject>({
      settings: { build_cache_dir: join(tmpdir(), 'spindle-no-build-here') },
    });
    try {
      const provider = (await plugin.definition.providers!.transcriber!.whisper!(fresh)) as WhisperTranscriber;
      expect(provider.status()).toMatchObject({
        device: 'cpu',
        model: 'small',
        ready: false,
        computeType: 'float16',
        activity: null,
      });
      expect(provider.status().message).toContain('downloaded on first use');
    } finally {
      await fresh.dispose();
    }
  });

  it('built whisper-cli and whisper-server into the cache folder named by the source hash, with the fast portable flags', () => {
    const folders = readdirSync(SHARED_BUILD_CACHE).filter((name) => /^[0-9a-f]{16}-cpu$/.test(name));
    expect(folders.length).toBeGreaterThan(0);
    const built = folders
      .map((name) => join(SHARED_BUILD_CACHE, name))
      .find((dir) => existsSync(join(dir, 'build.json')))!;
    const facts = JSON.parse(readFileSync(join(built, 'build.json'), 'utf8')) as { flags: string[]; variant: string };
    expect(facts.variant).toBe('cpu');
    expect(facts.flags).toEqual(
      expect.arrayContaining(['-DWHISPER_BUILD_TESTS=OFF', '-DWHISPER_BUILD_SERVER=ON', '-DGGML_NATIVE=OFF']),
    );
    expect(existsSync(join(built, process.platform === 'win32' ? 'whisper-cli.exe' : 'whisper-cli'))).toBe(true);
    expect(existsSync(join(built, process.platform === 'win32' ? 'whisper-server.exe' : 'whisper-server'))).toBe(true);
  });

  it('downloaded the model from the base URL with progress, verified, into {data_dir}/models', () => {
    expect(server.requests).toEqual(['ggml-small.bin']);
    expect(readFileSync(join(setup.host.dataDir, 'models', 'ggml-small.bin')).equals(model.bytes)).toBe(true);
    expect(readdirSync(join(setup.host.dataDir, 'models'))).toEqual(['ggml-small.bin']); // no temp file left
    const downloading = statuses.filter((s) => s.activity === 'downloading');
    expect(downloading.length).toBeGreaterThan(3);
    const fractions = downloading.map((s) => s.progress ?? -1);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions[0]).toBe(0);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.some((f) => f > 0 && f < 1)).toBe(true);
    expect(downloading[1]!.message).toMatch(/^downloading the speech model: \d+% \(\d+ of \d+ MB\)$/);
    expect(setup.logger.entries.some((e) => e.message === 'speech model downloaded and verified')).toBe(true);
  });

  it('transcribes a speech chunk: whisper-cli runs the generated model and its JSON is parsed', async () => {
    const wav = speechWav(audioDir, 'The quick brown fox jumps over the lazy dog.');
    const transcript = await whisper.transcribe({
      wavPath: wav,
      language: 'en-US',
      signal: new AbortController().signal,
    });
    expect(transcript.text).toBe(TINY_MODEL_TEXT);
    expect(transcript.segments).toEqual([{ startSeconds: 0, endSeconds: 30, text: TINY_MODEL_TEXT }]);
    expect(transcript.model).toBe('tiny-test');
    expect(TINY_MODEL_WORDS.every((word) => transcript.text.split(' ').includes(word))).toBe(true);
    expect(whisper.status()).toMatchObject({
      ready: true,
      device: 'cpu',
      computeType: 'float16',
      model: 'tiny-test',
      message: null,
      activity: null,
    });
    expect(server.requests).toHaveLength(1); // the model is downloaded once
  });

  it('runs concurrent transcriptions side by side, each in its own work folder', async () => {
    const wav = speechWav(audioDir, 'Two at once.');
    const signal = new AbortController().signal;
    const results = await Promise.all(
      [1, 2, 3].map(() => whisper.transcribe({ wavPath: wav, language: 'en', signal })),
    );
    expect(results.map((r) => r.text)).toEqual([TINY_MODEL_TEXT, TINY_MODEL_TEXT, TINY_MODEL_TEXT]);
  });

  it.skipIf(process.platform !== 'linux')('kills whisper-cli when the request is aborted', async () => {
    const wav = silentWav(audioDir, 900); // 30 windows: several seconds of work for whisper-cli
    const controller = new AbortController();
    const running = whisper.transcribe({ wavPath: wav, language: 'en', signal: controller.signal });
    const outcome = running.then(
      () => 'finished',
      (error: unknown) => error,
    );
    const pid = await waitForProcessWith(wav, 10_000);
    controller.abort();
    const error = await outcome;
    expect(error).toBeInstanceOf(AbortedError);
    expect(processesWith(wav)).toEqual([]);
    expect(existsSync(`/proc/${pid}`)).toBe(false);
  });

  it('says why an unreadable chunk cannot be transcribed', async () => {
    await expect(
      whisper.transcribe({
        wavPath: join(audioDir, 'missing.wav'),
        language: 'en',
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({
      code: 'transcribe_input_missing',
      category: 'matching',
    });
  });
});

/** Pids of the processes whose command line mentions `needle` (Linux /proc). */
function processesWith(needle: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(needle)) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return pids;
}

async function waitForProcessWith(needle: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [pid] = processesWith(needle);
    if (pid !== undefined) return pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no process with ${needle} appeared`);
}
