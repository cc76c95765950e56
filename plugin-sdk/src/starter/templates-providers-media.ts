/** What the starter writes for the providers that work on media: transcriber, fingerprinter, ai, transcoder (shape: kind-template.ts). */
import type { KindTemplate } from './kind-template.ts';
import { TEST_SIGNAL as signal } from './kind-template.ts';

export const MEDIA_PROVIDER_TEMPLATES: Record<string, KindTemplate> = {
  transcriber: {
    summary: 'a transcriber skeleton: answers an empty transcript (replace transcribe() with your speech engine)',
    sdkImports: ['throwIfAborted'],
    settingsSchema: {
      type: 'object',
      properties: { model: { type: 'string', default: 'starter' } },
      additionalProperties: false,
    },
    factory: `(setup) => ({
    async transcribe(request) {
      throwIfAborted(request.signal);
      return { text: '', segments: [], model: String(setup.settings.model) };
    },
    status() {
      return { device: 'cpu', computeType: 'none', model: String(setup.settings.model), ready: true, message: null };
    },
  })`,
    kitImports: ['createProvider', 'transcriberConformance', 'runConformance'],
    tests: `  it('reports the model of its settings', async () => {
    const transcriber = await createProvider(plugin, 'transcriber', '__ID__', { manifest });
    assert.equal(transcriber.status().model, 'starter');
  });
});

runConformance(
  transcriberConformance({ create: () => createProvider(plugin, 'transcriber', '__ID__', { manifest }) }),
  { describe, it },
  '__ID__ transcriber conformance',
);

describe('__ID__ (more)', () => {`,
  },
  fingerprinter: {
    summary: 'fingerprints byte blocks of a file (FNV-1a per 4 KiB block; replace with an audio fingerprint)',
    sdkImports: ['InputError', 'throwIfAborted'],
    imports: ["import { readFile } from 'node:fs/promises';"],
    settingsSchema: {
      type: 'object',
      properties: { bytesPerSecond: { type: 'integer', minimum: 1, default: 16000 } },
      additionalProperties: false,
    },
    factory: `(setup) => {
    const perSecond = Number(setup.settings.bytesPerSecond);
    const hash = (bytes = new Uint8Array()) => bytes.reduce((h, b) => Math.imul(h ^ b, 16777619) >>> 0, 2166136261);
    return {
      async fingerprint(request) {
        throwIfAborted(request.signal);
        const data = await readFile(request.filePath).catch((error) => {
          throw new InputError('file_unreadable', \`Cannot read \${request.filePath}\`, { cause: error });
        });
        return request.windowStarts.map((startSeconds) => {
          const window = data.subarray(startSeconds * perSecond, (startSeconds + request.windowSeconds) * perSecond);
          const items = [];
          for (let at = 0; at < window.length; at += 4096) items.push(hash(window.subarray(at, at + 4096)));
          return { startSeconds, items: items.length > 0 ? items : [hash()] };
        });
      },
    };
  }`,
    kitImports: ['createProvider', 'createFakeContext', 'fingerprinterConformance', 'runConformance'],
    testImports: ["import { writeFile } from 'node:fs/promises';", "import { join } from 'node:path';"],
    tests: `  it('gives one window per requested start', async () => {
    const fingerprinter = await createProvider(plugin, 'fingerprinter', '__ID__', { manifest });
    const ctx = await createFakeContext();
    try {
      const file = join(ctx.workDir, 'audio.bin');
      await writeFile(file, Buffer.alloc(16000 * 60, 7));
      const windows = await fingerprinter.fingerprint({ filePath: file, windowStarts: [0, 30], windowSeconds: 30, signal: ${signal} });
      assert.deepEqual(windows.map((w) => w.startSeconds), [0, 30]);
    } finally {
      await ctx.dispose();
    }
  });
});

const media = await createFakeContext();
after(() => media.dispose());
runConformance(
  fingerprinterConformance({
    create: () => createProvider(plugin, 'fingerprinter', '__ID__', { manifest }),
    filePath: async () => {
      const file = join(media.workDir, 'conformance.bin');
      await writeFile(file, Buffer.alloc(16000 * 60, 3));
      return file;
    },
  }),
  { describe, it },
  '__ID__ fingerprinter conformance',
);

describe('__ID__ (more)', () => {`,
  },
  ai: {
    summary: 'an AI provider skeleton: answers the JSON object of its settings (replace with a call to your model)',
    sdkImports: ['throwIfAborted'],
    settingsSchema: {
      type: 'object',
      properties: { answer: { type: 'object', default: {} } },
      additionalProperties: false,
    },
    factory: `(setup) => ({
    async completeJson(request) {
      throwIfAborted(request.signal);
      return structuredClone(setup.settings.answer ?? {});
    },
  })`,
    kitImports: ['createProvider', 'aiConformance', 'runConformance'],
    tests: `  it('answers the object of its settings', async () => {
    const ai = await createProvider(plugin, 'ai', '__ID__', { manifest, settings: { answer: { title: 'Great Movie' } } });
    assert.deepEqual(await ai.completeJson({ system: 's', user: 'u', schema: { type: 'object' }, signal: ${signal} }), { title: 'Great Movie' });
  });
});

runConformance(
  aiConformance({ create: () => createProvider(plugin, 'ai', '__ID__', { manifest }) }),
  { describe, it },
  '__ID__ ai conformance',
);

describe('__ID__ (more)', () => {`,
  },
  transcoder: {
    summary: 'a transcoder skeleton that copies the file unchanged (replace with your encoder)',
    sdkImports: ['throwIfAborted'],
    imports: ["import { copyFile, stat } from 'node:fs/promises';"],
    settingsSchema: {
      type: 'object',
      properties: { encoder: { type: 'string', default: 'copy' } },
      additionalProperties: false,
    },
    factory: `(setup) => ({
    async transcode(request) {
      throwIfAborted(request.signal);
      await copyFile(request.input, request.output);
      request.onProgress?.({ fraction: 1 });
      const none = { video: 0, audio: 0, subtitle: 0 };
      return {
        output: request.output, sizeBytes: (await stat(request.output)).size, encoder: String(setup.settings.encoder), speed: 1,
        verification: { inputDurationSeconds: 0, outputDurationSeconds: 0, streams: { input: none, output: none }, chapters: { input: 0, output: 0 } },
      };
    },
    status() {
      return { ready: true, description: \`copies files (\${String(setup.settings.encoder)})\` };
    },
  })`,
    kitImports: ['createProvider', 'createFakeContext'],
    testImports: ["import { readFile, writeFile } from 'node:fs/promises';", "import { join } from 'node:path';"],
    tests: `  it('writes the output file', async () => {
    const transcoder = await createProvider(plugin, 'transcoder', '__ID__', { manifest });
    const ctx = await createFakeContext();
    try {
      const input = join(ctx.workDir, 'in.mkv');
      await writeFile(input, 'video');
      const result = await transcoder.transcode({ input, output: join(ctx.workDir, 'out.mkv'), signal: ${signal} });
      assert.equal(result.encoder, 'copy');
      assert.equal(await readFile(result.output, 'utf8'), 'video');
    } finally {
      await ctx.dispose();
    }
  });`,
  },
};
