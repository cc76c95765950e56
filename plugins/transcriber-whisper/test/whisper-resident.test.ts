/**
 * The resident whisper-server with real parts: the whisper-server built beside whisper-cli from the
 * source nodejs-whisper ships, the generated tiny model, speech from espeak-ng. It loads the model
 * once for many chunks, comes back after kill -9 (the chunk in flight is tried again), stops when
 * idle and when the host shuts down, a chunk's abort cancels its request, and whisper-cli takes
 * over when the server cannot start.
 */
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, type JsonObject } from '@spindle/plugin-sdk';
import { createFakeSetup, waitUntil, type FakeSetup } from '@spindle/plugin-sdk/testing';
import { WhisperTranscriber } from '../src/whisper-transcriber.ts';
import { TINY_MODEL_TEXT } from './fixtures/make-tiny-ggml-model.ts';
import { startModelServer, type ModelServer } from './support/model-server.ts';
import { BUILD_TIMEOUT_MS, SHARED_BUILD_CACHE, speechWav, tinyModel } from './support/whisper-fixtures.ts';

const model = tinyModel();
const alive = (pid: number) =>
  existsSync(`/proc/${pid}`) && !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));

describe.skipIf(process.platform !== 'linux')(
  'resident whisper-server',
  () => {
    let server: ModelServer;
    let audioDir: string;
    let wav: string;
    const setups: FakeSetup<JsonObject>[] = [];

    const make = async (settings: JsonObject = {}) => {
      const setup = await createFakeSetup<JsonObject>({
        settings: { model_base_url: server.baseUrl, build_cache_dir: SHARED_BUILD_CACHE, threads: 1, ...settings },
        appSettings: { max_concurrent_matches: 1 },
      });
      setups.push(setup);
      return { setup, whisper: new WhisperTranscriber(setup, { modelSpec: model.spec }) };
    };
    const chunk = (whisper: WhisperTranscriber, signal = new AbortController().signal) =>
      whisper.transcribe({ wavPath: wav, language: 'en', signal });

    beforeAll(async () => {
      server = await startModelServer({ 'ggml-small.bin': model.bytes });
      audioDir = await mkdtemp(join(tmpdir(), 'spindle-whisper-resident-'));
      wav = speechWav(audioDir, 'Every chunk of this title goes to the same process.');
      const { whisper } = await make();
      await whisper.prepare(new AbortController().signal); // builds unless an earlier run did
    }, BUILD_TIMEOUT_MS);

    afterAll(async () => {
      for (const setup of setups) await setup.dispose();
      await server?.close();
      await rm(audioDir, { recursive: true, force: true });
    });

    it('loads the model once and serves every chunk from the same process', async () => {
      const { whisper } = await make();
      expect(whisper.servers!.size).toBe(0); // started lazily, on the first chunk
      const first = await chunk(whisper);
      expect(first.text).toBe(TINY_MODEL_TEXT);
      expect(first.segments[0]).toMatchObject({ startSeconds: 0, text: TINY_MODEL_TEXT });
      const [pid] = whisper.servers!.pids();
      for (let i = 0; i < 4; i += 1) expect((await chunk(whisper)).text).toBe(TINY_MODEL_TEXT);
      expect(whisper.servers!.started).toBe(1);
      expect(whisper.servers!.modelLoads()).toBe(1); // whisper.cpp's own log: "loading model from" once for five chunks
      expect(whisper.servers!.pids()).toEqual([pid]);
      // Bound to the loopback address only.
      const listening = readFileSync('/proc/net/tcp', 'utf8')
        .split('\n')
        .filter((l) => / 0A /.test(l))
        .map((l) => l.trim().split(/\s+/)[1]!);
      const port = (whisper.servers as unknown as { slots: { server: { port: number } }[] }).slots[0]!.server.port;
      const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
      expect(listening.filter((a) => a.endsWith(`:${hexPort}`))).toEqual([`0100007F:${hexPort}`]);
      await whisper.stop();
      await waitUntil(() => !alive(pid!), 'the stopped server to exit');
    });

    it('starts a new server after kill -9, trying the chunk in flight once more', async () => {
      const { setup, whisper } = await make();
      await chunk(whisper);
      const [pid] = whisper.servers!.pids();
      process.kill(pid!, 'SIGSTOP'); // the next request reaches a server that never answers…
      const pending = chunk(whisper);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      process.kill(pid!, 'SIGKILL'); // …and then dies under it
      expect((await pending).text).toBe(TINY_MODEL_TEXT);
      expect(setup.logger.messages('warn')).toContain(
        'whisper-server died during a chunk; starting a new one and trying the chunk again',
      );
      expect(whisper.servers!.started).toBe(2);
      const [replacement] = whisper.servers!.pids();
      expect(replacement).not.toBe(pid);
      expect(alive(pid!)).toBe(false);

      process.kill(replacement!, 'SIGKILL'); // killed between chunks: the next chunk starts another
      await waitUntil(() => !alive(replacement!), 'the killed server to exit');
      expect((await chunk(whisper)).text).toBe(TINY_MODEL_TEXT);
      expect(whisper.servers!.started).toBe(3);
      await whisper.stop();
    });

    it('cancels the request of an aborted chunk; the server stays and serves the next one', async () => {
      const { whisper } = await make();
      await chunk(whisper);
      const [pid] = whisper.servers!.pids();
      process.kill(pid!, 'SIGSTOP'); // holds the request in flight
      const controller = new AbortController();
      const pending = chunk(whisper, controller.signal).then(
        () => 'finished',
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      controller.abort();
      expect(await pending).toBeInstanceOf(AbortedError);
      process.kill(pid!, 'SIGCONT');
      expect((await chunk(whisper)).text).toBe(TINY_MODEL_TEXT);
      expect(whisper.servers!.pids()).toEqual([pid]);
      expect(whisper.servers!.started).toBe(1);
      await whisper.stop();
    });

    it('stops the server after resident_idle_seconds without a chunk, and loads again on the next', async () => {
      const { setup, whisper } = await make({ resident_idle_seconds: 1 });
      await chunk(whisper);
      const [pid] = whisper.servers!.pids();
      await waitUntil(() => whisper.servers!.size === 0 && !alive(pid!), 'the idle server to stop');
      expect(setup.logger.messages('info')).toContain(
        'whisper-server idle; stopping it (the model is loaded again on the next chunk)',
      );
      expect((await chunk(whisper)).text).toBe(TINY_MODEL_TEXT);
      expect(whisper.servers!.started).toBe(2);
      await whisper.stop();
    });

    it('goes away when the host shuts down (the setup is disposed)', async () => {
      const { setup, whisper } = await make();
      await chunk(whisper);
      const [pid] = whisper.servers!.pids();
      await setup.dispose();
      await waitUntil(() => !alive(pid!), 'the server to exit at shutdown');
    });

    it('uses whisper-cli when whisper-server cannot start', async () => {
      // A copy of the build whose whisper-server fails at once.
      const cache = await mkdtemp(join(tmpdir(), 'spindle-whisper-broken-server-'));
      try {
        for (const name of await readdir(SHARED_BUILD_CACHE)) {
          if (existsSync(join(SHARED_BUILD_CACHE, name, 'build.json')))
            await cp(join(SHARED_BUILD_CACHE, name), join(cache, name), { recursive: true });
        }
        for (const name of await readdir(cache)) {
          if (!existsSync(join(cache, name, 'whisper-server'))) continue;
          await writeFile(
            join(cache, name, 'whisper-server'),
            '#!/bin/sh\necho "cannot start: no luck today" >&2\nexit 1\n',
          );
          await chmod(join(cache, name, 'whisper-server'), 0o755);
        }
        const { setup, whisper } = await make({ build_cache_dir: cache });
        expect((await chunk(whisper)).text).toBe(TINY_MODEL_TEXT);
        const warning = setup.logger.entries.find(
          (e) => e.message === 'whisper-server could not start; this chunk uses whisper-cli',
        );
        expect(String(warning?.fields?.error)).toContain('cannot start: no luck today');
        expect(whisper.servers!.size).toBe(0);
      } finally {
        await rm(cache, { recursive: true, force: true });
      }
    });
  },
  180_000,
); // generous: servers start and load the model on a busy machine
