/**
 * The resident pocketsphinx_batch with the real Debian pocketsphinx: all chunks of a title go to one
 * process that loaded the models once; it is replaced when killed, stopped when idle and at
 * shutdown; an abort stops the chunk; pocketsphinx_continuous takes over when the batch decoder is missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSetup, waitUntil, type FakeSetup } from '@spindle/plugin-sdk/testing';
import { PocketsphinxTranscriber, type PocketsphinxSettings } from '../src/pocketsphinx-transcriber.ts';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  spindle: { settingsSchema: object };
};
const dialogue =
  'The ship was broken in the storm. The mariners were afraid and cried every man unto his god. Then they took up Jonah and cast him into the sea.';
const context = { id: 'jonah-resident', text: `${dialogue} And the word of the Lord came unto Jonah.` };
const expected = ['ship', 'storm', 'mariners', 'afraid', 'jonah', 'sea'];

/** Pids of running pocketsphinx_batch processes whose command line mentions `needle`. */
function batchPids(needle: string): number[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .flatMap((e) => {
      try {
        const cmd = readFileSync(`/proc/${e}/cmdline`, 'utf8');
        const state = readFileSync(`/proc/${e}/stat`, 'utf8');
        return cmd.startsWith('pocketsphinx_batch') && cmd.includes(needle) && !/\) Z /.test(state) ? [Number(e)] : [];
      } catch {
        return [];
      }
    });
}

describe.skipIf(process.platform !== 'linux')(
  'resident pocketsphinx_batch',
  () => {
    let dir: string;
    let wav: string;
    const setups: FakeSetup<PocketsphinxSettings>[] = [];
    const make = async (overrides: Record<string, unknown> = {}) => {
      const settings: Record<string, unknown> = { resident_idle_seconds: 120, ...overrides }; // resident is opt-in
      new Ajv({ useDefaults: true, strict: false }).compile(manifest.spindle.settingsSchema)(settings);
      const setup = await createFakeSetup<PocketsphinxSettings>({
        settings: settings as unknown as PocketsphinxSettings,
      });
      setups.push(setup);
      return { setup, t: new PocketsphinxTranscriber(setup) };
    };
    const chunk = (t: PocketsphinxTranscriber, signal = new AbortController().signal) =>
      t.transcribe({ wavPath: wav, language: 'en', signal, context });
    const heard = (text: string) => expected.filter((w) => text.split(/\s+/).includes(w)).length;

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'spindle-sphinx-resident-'));
      wav = join(dir, 'speech.wav');
      execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', join(dir, 'raw.wav'), dialogue]);
      execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'raw.wav'), '-ar', '16000', '-ac', '1', wav]);
    });

    afterAll(async () => {
      for (const setup of setups) await setup.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it('decodes every chunk of a title in one process that loaded the models once', async () => {
      const { setup, t } = await make();
      const results = [];
      for (let i = 0; i < 3; i += 1) results.push(await chunk(t));
      expect(results.every((r) => heard(r.text) >= 4)).toBe(true);
      expect(results[0]!.model).toBe('pocketsphinx en-us + lm:jonah-resident');
      expect(t.decoders!.started).toBe(1);
      expect(batchPids(setup.host.dataDir)).toHaveLength(1); // its language model lives in this data folder
      // Without reference text: the general model, another process (different language model).
      const general = await t.transcribe({ wavPath: wav, language: 'en', signal: new AbortController().signal });
      expect(general.model).toBe('pocketsphinx en-us');
      expect(t.decoders!.started).toBe(2);
      await t.stop();
      await waitUntil(() => batchPids(setup.host.dataDir).length === 0, 'the decoders to stop');
    });

    it('replaces a killed decoder, stops an idle one, and goes away at shutdown', async () => {
      const { setup, t } = await make({ resident_idle_seconds: 2 });
      await chunk(t);
      const [pid] = batchPids(setup.host.dataDir);
      process.kill(pid!, 'SIGKILL');
      await waitUntil(() => batchPids(setup.host.dataDir).length === 0, 'the killed decoder to exit');
      expect(heard((await chunk(t)).text)).toBeGreaterThanOrEqual(4);
      expect(t.decoders!.started).toBe(2);
      await waitUntil(
        () => t.decoders!.size === 0 && batchPids(setup.host.dataDir).length === 0,
        'the idle decoder to stop',
      );

      await chunk(t);
      expect(batchPids(setup.host.dataDir)).toHaveLength(1);
      await setup.dispose();
      await waitUntil(() => batchPids(setup.host.dataDir).length === 0, 'the decoder to exit at shutdown');
    });

    it('stops the process of an aborted chunk and says the transcription was cancelled', async () => {
      const { setup, t } = await make();
      await chunk(t);
      const [pid] = batchPids(setup.host.dataDir);
      process.kill(pid!, 'SIGSTOP'); // keeps the chunk in flight
      const controller = new AbortController();
      const pending = chunk(t, controller.signal).then(
        () => null,
        (error: unknown) => error,
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      controller.abort();
      expect(await pending).toMatchObject({ code: 'aborted' });
      await waitUntil(
        () => !existsSync(`/proc/${pid}`) || /\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8')),
        'the aborted decoder to be killed',
      );
      expect(heard((await chunk(t)).text)).toBeGreaterThanOrEqual(4); // a new one serves the next chunk
      await t.stop();
    });

    it('falls back to pocketsphinx_continuous when pocketsphinx_batch is missing', async () => {
      const { setup, t } = await make({ batch_binary: join(dir, 'no-such-pocketsphinx_batch') });
      expect(heard((await chunk(t)).text)).toBeGreaterThanOrEqual(4);
      expect(setup.logger.messages('warn')).toContain(
        'pocketsphinx_batch is not usable; each chunk runs pocketsphinx_continuous',
      );
    });
  },
  600_000,
); // generous: pocketsphinx on a busy machine
