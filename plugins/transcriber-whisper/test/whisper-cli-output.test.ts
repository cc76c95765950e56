/** The command line given to whisper-cli and the reading of the JSON it writes. */
import { describe, expect, it } from 'vitest';
import { countPhysicalCores, threadsPerTranscription } from '../src/machine-facts.ts';
import { computeTypeOfFtype, SMALL_MODEL } from '../src/model-spec.ts';
import { whisperArgs, whisperLanguage } from '../src/whisper-cli-run.ts';
import { parseWhisperJson } from '../src/whisper-json.ts';
import { DEFAULT_MODEL_BASE_URL, readWhisperSettings } from '../src/whisper-settings.ts';
import manifest from '../package.json' with { type: 'json' };

/** The shape examples/cli/cli.cpp writes with -oj (tabs, offsets in ms). */
const sample = (segments: { from: number; to: number; text: string }[]) => `{
\t"systeminfo": "AVX = 1 | ",
\t"model": { "type": "small", "multilingual": true, "vocab": 51865, "ftype": 1 },
\t"params": { "model": "/data/models/ggml-small.bin", "language": "en", "translate": false },
\t"result": { "language": "en" },
\t"transcription": [
${segments.map((s) => `\t\t{ "timestamps": { "from": "x", "to": "y" }, "offsets": { "from": ${s.from}, "to": ${s.to} }, "text": "${s.text}" }`).join(',\n')}
\t]
}`;

describe('whisper-cli output', () => {
  it('turns segments into seconds and joins their text', () => {
    const parsed = parseWhisperJson(
      sample([
        { from: 0, to: 4200, text: ' Where were you last night?' },
        { from: 4200, to: 7980, text: '  At the \\"lighthouse\\",  with Tom.' },
      ]),
    );
    expect(parsed.segments).toEqual([
      { startSeconds: 0, endSeconds: 4.2, text: 'Where were you last night?' },
      { startSeconds: 4.2, endSeconds: 7.98, text: 'At the "lighthouse", with Tom.' },
    ]);
    expect(parsed.text).toBe('Where were you last night? At the "lighthouse", with Tom.');
  });

  it('survives raw control characters in the text (whisper-cli escapes only quotes and backslashes)', () => {
    expect(parseWhisperJson(sample([{ from: 0, to: 1000, text: 'line one\nline\ttwo' }])).text).toBe(
      'line one line two',
    );
  });

  it('drops empty segments and reads an empty transcription as no speech', () => {
    expect(parseWhisperJson(sample([{ from: 0, to: 30000, text: ' ' }]))).toEqual({ text: '', segments: [] });
    expect(parseWhisperJson(sample([]))).toEqual({ text: '', segments: [] });
  });

  it('refuses a file that is not a whisper transcript, with a coded error', () => {
    expect(() => parseWhisperJson('{"transcription": [')).toThrow(/whisper-cli wrote a transcript that cannot be read/);
    expect(() => parseWhisperJson('{"result": {}}')).toThrow(/no "transcription" list/);
    expect(() => parseWhisperJson(sample([]).replace('"transcription": [', '"transcription": [{"text": "x"}'))).toThrow(
      /lacks text or offsets/,
    );
  });
});

describe('whisper-cli command line', () => {
  it('names model, audio, threads, language and a JSON output file in the work folder', () => {
    expect(
      whisperArgs({
        model: '/d/models/ggml-small.bin',
        wavPath: '/w/chunk 1.wav',
        language: 'en-GB',
        threads: 3,
        workDir: '/tmp/run',
      }),
    ).toEqual([
      '-m',
      '/d/models/ggml-small.bin',
      '-f',
      '/w/chunk 1.wav',
      '-t',
      '3',
      '-l',
      'en',
      '-oj',
      '-of',
      '/tmp/run/transcript',
    ]);
  });

  it('passes ISO language codes, auto-detects when none is given, refuses anything else', () => {
    expect(whisperLanguage('de')).toBe('de');
    expect(whisperLanguage('pt_BR')).toBe('pt');
    expect(whisperLanguage('')).toBe('auto');
    expect(() => whisperLanguage('english; rm -rf /')).toThrow(/not a language code/);
  });

  it('shares the physical cores between the titles matched at once unless threads are set', () => {
    expect(threadsPerTranscription(0, 2, 8)).toBe(4);
    expect(threadsPerTranscription(0, 16, 4)).toBe(1);
    expect(threadsPerTranscription(0, undefined, 6)).toBe(6);
    expect(threadsPerTranscription(5, 2, 8)).toBe(5);
    const block = (core: number) => `processor\t: x\nphysical id\t: 0\ncore id\t\t: ${core}\n`;
    expect(countPhysicalCores([block(0), block(1), block(0), block(1)].join('\n'))).toBe(2);
  });
});

describe('model and settings', () => {
  it('fixes the small model with its published size and SHA-256', () => {
    expect(SMALL_MODEL).toEqual({
      name: 'small',
      fileName: 'ggml-small.bin',
      sizeBytes: 487_601_967,
      sha256: '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b',
    });
    expect(computeTypeOfFtype(1)).toBe('float16');
    expect(computeTypeOfFtype(null)).toBe('float16');
    expect(computeTypeOfFtype(0)).toBe('float32');
    expect(computeTypeOfFtype(2008)).toBe('quantized');
  });

  it('documents every setting in the manifest with the defaults the code falls back to', () => {
    const schema = manifest.spindle.settingsSchema;
    const defaults = Object.fromEntries(Object.entries(schema.properties).map(([key, prop]) => [key, prop.default]));
    expect(readWhisperSettings(defaults)).toEqual(readWhisperSettings({}));
    expect(readWhisperSettings({})).toEqual({
      modelBaseUrl: DEFAULT_MODEL_BASE_URL,
      gpuEnabled: false,
      buildCacheDir: null,
      threads: 0,
      transcribeTimeoutSeconds: 600,
      residentIdleSeconds: 300,
    });
    expect(DEFAULT_MODEL_BASE_URL).toBe('https://huggingface.co/ggerganov/whisper.cpp/resolve/main');
    expect(readWhisperSettings({ model_base_url: 'http://mirror.local/models/' }).modelBaseUrl).toBe(
      'http://mirror.local/models',
    );
  });
});
