import type { Transcriber } from '@spindle/plugin-sdk';
import { createFakeSetup } from '@spindle/plugin-sdk/testing';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { buildArpa } from '../src/arpa-language-model.ts';
import plugin from '../src/index.ts';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  spindle: { settingsSchema: object };
};
function settings(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const s = { ...overrides };
  new Ajv({ useDefaults: true, strict: false }).compile(manifest.spindle.settingsSchema)(s);
  return s;
}
async function transcriber(overrides: Record<string, unknown> = {}): Promise<Transcriber> {
  const setup = await createFakeSetup({ settings: settings(overrides) as never });
  return plugin.definition.providers!.transcriber!.pocketsphinx!(setup as never) as Transcriber;
}

const dialogue =
  'The ship was broken in the storm. The mariners were afraid and cried every man unto his god. Then they took up Jonah and cast him into the sea.';

describe('ARPA language model', () => {
  it('writes a bigram model of the words the dictionary knows, with sentence marks', () => {
    const { arpa, vocabulary } = buildArpa('The cat sat. The cat ran away! Zqxw sat.', (w) => w !== 'zqxw');
    expect(vocabulary).toBe(5);
    expect(arpa).toMatch(/^\\data\\\nngram 1=7\nngram 2=\d+\n/);
    expect(arpa).toContain(' <s> the');
    expect(arpa).toContain(' cat sat');
    expect(arpa).not.toContain('zqxw');
    expect(arpa.trimEnd().endsWith('\\end\\')).toBe(true);
  });

  it('refuses text without a single known word', () => {
    expect(() => buildArpa('zqxw vvv', () => false)).toThrow(/no word the dictionary knows/);
  });
});

describe('pocketsphinx transcriber', () => {
  it('recognises generated speech, helped by the reference text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spindle-sphinx-'));
    const wav = join(dir, 'speech.wav');
    execFileSync('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', join(dir, 'raw.wav'), dialogue]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'raw.wav'), '-ar', '16000', '-ac', '1', wav]);
    const t = await transcriber();
    expect(t.status()).toMatchObject({ device: 'cpu', ready: true });
    const result = await t.transcribe({
      wavPath: wav,
      language: 'en',
      signal: new AbortController().signal,
      context: { id: 'jonah-test', text: `${dialogue} And the word of the Lord came unto Jonah.` },
    });
    const heard = new Set(result.text.split(/\s+/));
    const expected = ['ship', 'storm', 'mariners', 'afraid', 'jonah', 'sea'];
    expect(expected.filter((w) => heard.has(w)).length).toBeGreaterThanOrEqual(4);
    expect(result.model).toContain('pocketsphinx');
  }, 180_000); // generous: decoding takes seconds, more on a busy machine

  it('says plainly when the model is missing or the language is not English', async () => {
    const missing = await transcriber({ acoustic_model: '/nowhere/en-us' });
    expect(missing.status()).toMatchObject({ ready: false, message: expect.stringContaining('pocketsphinx-en-us') });
    await expect(
      missing.transcribe({ wavPath: '/tmp/x.wav', language: 'en', signal: new AbortController().signal }),
    ).rejects.toMatchObject({ code: 'transcriber_not_ready' });
    const t = await transcriber();
    await expect(
      t.transcribe({ wavPath: '/tmp/x.wav', language: 'de', signal: new AbortController().signal }),
    ).rejects.toMatchObject({ code: 'language_unsupported' });
  });

  it('reports a recognizer failure with its message', async () => {
    const t = await transcriber();
    await expect(
      t.transcribe({ wavPath: '/nonexistent/audio.wav', language: 'en', signal: new AbortController().signal }),
    ).rejects.toMatchObject({ code: 'transcription_failed' });
  });
});
