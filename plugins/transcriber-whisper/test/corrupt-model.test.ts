/**
 * A damaged speech model never stays: a download whose size or SHA-256 is wrong is thrown away
 * before it gets the model's name, a model file that whisper-cli cannot load is deleted, and both
 * say so in words a user can act on; the next use downloads the model again.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '@spindle/plugin-sdk';
import { createFakeSetup, type FakeSetup } from '@spindle/plugin-sdk/testing';
import { MODEL_DAMAGED_MESSAGE } from '../src/model-spec.ts';
import { WhisperTranscriber } from '../src/whisper-transcriber.ts';
import { TINY_MODEL_TEXT } from './fixtures/make-tiny-ggml-model.ts';
import { startModelServer, type ModelServer } from './support/model-server.ts';
import { BUILD_TIMEOUT_MS, SHARED_BUILD_CACHE, sha256, speechWav, tinyModel } from './support/whisper-fixtures.ts';

const good = tinyModel();
const never = () => new AbortController().signal;

describe('a corrupt speech model', () => {
  let server: ModelServer;
  let audioDir: string;
  let wav: string;
  const setups: FakeSetup<JsonObject>[] = [];

  const transcriber = async (spec = good.spec) => {
    const setup = await createFakeSetup<JsonObject>({
      settings: { model_base_url: server.baseUrl, build_cache_dir: SHARED_BUILD_CACHE, threads: 1 },
    });
    setups.push(setup);
    return {
      setup,
      whisper: new WhisperTranscriber(setup, { modelSpec: spec }),
      models: join(setup.host.dataDir, 'models'),
    };
  };

  beforeAll(async () => {
    server = await startModelServer();
    audioDir = await mkdtemp(join(tmpdir(), 'spindle-whisper-corrupt-'));
    wav = speechWav(audioDir, 'Is this model damaged?');
    // whisper-cli itself (built once per machine; shared with the other test files).
    const { whisper } = await transcriber();
    server.serve('ggml-small.bin', good.bytes);
    await whisper.prepare(never());
  }, BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await server?.close();
    for (const setup of setups) await setup.dispose();
    await rm(audioDir, { recursive: true, force: true });
  });

  it('rejects a download whose bytes differ from the published SHA-256 and keeps nothing', async () => {
    const flipped = Buffer.from(good.bytes);
    flipped[flipped.length - 100]! ^= 0xff; // same size, one byte changed
    server.serve('ggml-small.bin', flipped);
    const { whisper, models } = await transcriber();
    const failure = whisper.transcribe({ wavPath: wav, language: 'en', signal: never() });
    await expect(failure).rejects.toMatchObject({
      code: 'speech_model_damaged',
      category: 'matching',
      retryable: true,
    });
    await expect(failure).rejects.toThrow(MODEL_DAMAGED_MESSAGE);
    await expect(failure).rejects.toThrow(/SHA-256 [0-9a-f]{64} is not the published/);
    expect(readdirSync(models)).toEqual([]);
    expect(whisper.status()).toMatchObject({ ready: false, activity: null });
    expect(whisper.status().message).toContain(MODEL_DAMAGED_MESSAGE);

    // The server is fixed: the next use downloads the model again and works.
    server.serve('ggml-small.bin', good.bytes);
    const transcript = await whisper.transcribe({ wavPath: wav, language: 'en', signal: never() });
    expect(transcript.text).toBe(TINY_MODEL_TEXT);
    expect(whisper.status()).toMatchObject({ ready: true, message: null });
  });

  it('rejects a download of the wrong size before reading it', async () => {
    server.serve('ggml-small.bin', good.bytes.subarray(0, good.bytes.length - 1000));
    const { whisper, models } = await transcriber();
    await expect(whisper.transcribe({ wavPath: wav, language: 'en', signal: never() })).rejects.toThrow(
      `${MODEL_DAMAGED_MESSAGE} (the server offers ${good.bytes.length - 1000} bytes, ggml-small.bin has ${good.bytes.length})`,
    );
    expect(readdirSync(models)).toEqual([]);
  });

  it('deletes a model file that whisper-cli cannot load and downloads it again next time', async () => {
    // Published digest matches, but the tensors are cut short: the loader gives up.
    const truncated = good.bytes.subarray(0, 2_000_000);
    const spec = { ...good.spec, sizeBytes: truncated.length, sha256: sha256(truncated) };
    server.serve('ggml-small.bin', truncated);
    const { whisper, models } = await transcriber(spec);
    const failure = whisper.transcribe({ wavPath: wav, language: 'en', signal: never() });
    await expect(failure).rejects.toMatchObject({ code: 'speech_model_damaged' });
    await expect(failure).rejects.toThrow(`${MODEL_DAMAGED_MESSAGE} (whisper-cli could not load it:`);
    expect(existsSync(join(models, 'ggml-small.bin'))).toBe(false);
    expect(whisper.status().message).toBe(MODEL_DAMAGED_MESSAGE);

    const before = server.requests.length;
    await expect(whisper.transcribe({ wavPath: wav, language: 'en', signal: never() })).rejects.toMatchObject({
      code: 'speech_model_damaged',
    });
    expect(server.requests.length).toBe(before + 1); // downloaded again, not served from a stale copy
  });

  it('replaces a model file found damaged on disk before using it', async () => {
    server.serve('ggml-small.bin', good.bytes);
    const { whisper, models, setup } = await transcriber();
    await mkdir(models, { recursive: true });
    await writeFile(join(models, 'ggml-small.bin'), Buffer.alloc(good.bytes.length, 7)); // right size, wrong bytes
    const before = server.requests.length;
    const transcript = await whisper.transcribe({ wavPath: wav, language: 'en', signal: never() });
    expect(transcript.text).toBe(TINY_MODEL_TEXT);
    expect(server.requests.length).toBe(before + 1);
    expect(setup.logger.entries.some((e) => e.level === 'warn' && e.message === 'deleting the speech model file')).toBe(
      true,
    );
  });
});
