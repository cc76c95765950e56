/** What the starter writes for each provider kind (see templates-stages.ts for the shape). */
import type { KindTemplate } from './templates-stages.ts';

const signal = 'new AbortController().signal';

export const PROVIDER_TEMPLATES: Record<string, KindTemplate> = {
  catalog: {
    summary: 'a catalog of the movies listed in its settings ("Title (Year)"), searched by words of the title',
    sdkImports: [],
    settingsSchema: { type: 'object', properties: { movies: { type: 'array', items: { type: 'string' }, default: ['Example Movie (2001)'] } }, additionalProperties: false },
    factory: `(setup) => {
    const movies = (Array.isArray(setup.settings.movies) ? setup.settings.movies : []).map(String).map((line, i) => {
      const found = /^(.*?)\\s*\\((\\d{4})\\)$/.exec(line);
      const title = found ? String(found[1]) : line;
      return { id: i + 1, title, originalTitle: null, year: found ? Number(found[2]) : null, popularity: 1, runtimeMinutes: null };
    });
    return {
      async searchMovies(query, year) {
        const words = query.toLowerCase().split(/\\s+/).filter(Boolean);
        return movies.filter((m) => words.every((w) => m.title.toLowerCase().includes(w)) && (year == null || m.year === year));
      },
      async searchShows() {
        return [];
      },
      async getMovie(id) {
        return movies.find((m) => m.id === id) ?? null;
      },
      async getShow() {
        return null;
      },
      async getSeason() {
        return null;
      },
      status() {
        return { healthy: true, message: null, configured: true };
      },
    };
  }`,
    kitImports: ['createProvider', 'catalogConformance', 'runConformance'],
    tests: `  it('finds the movie of its default settings', async () => {
    const catalog = await createProvider(plugin, 'catalog', '__ID__', { manifest });
    assert.deepEqual((await catalog.searchMovies('example', 2001)).map((m) => m.title), ['Example Movie']);
  });
});

runConformance(
  catalogConformance({ create: () => createProvider(plugin, 'catalog', '__ID__', { manifest }), movieQuery: 'Example Movie' }),
  { describe, it },
  '__ID__ catalog conformance',
);

describe('__ID__ (more)', () => {`,
  },
  disc_lookup: {
    summary: 'answers from a map of content hash → movie title in its settings',
    sdkImports: [],
    settingsSchema: { type: 'object', properties: { discs: { type: 'object', additionalProperties: { type: 'string' }, default: {} } }, additionalProperties: false },
    factory: `(setup) => {
    const discs = new Map(Object.entries(Object(setup.settings.discs)).map(([hash, title]) => [hash, String(title)]));
    return {
      async lookupByContentHash(contentHash) {
        const title = discs.get(contentHash);
        if (title === undefined) return null;
        const titleSlug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
        return { contentType: 'movie', title, year: null, catalogId: null, titleSlug, discSlug: 'disc-1', discIndex: 1, mappings: [] };
      },
    };
  }`,
    kitImports: ['createProvider', 'discLookupConformance', 'runConformance'],
    tests: `  it('answers a known hash and null for an unknown one', async () => {
    const lookup = await createProvider(plugin, 'disc_lookup', '__ID__', { manifest, settings: { discs: { abc123: 'Great Movie' } } });
    assert.equal((await lookup.lookupByContentHash('abc123'))?.title, 'Great Movie');
    assert.equal(await lookup.lookupByContentHash('unknown'), null);
  });
});

runConformance(
  discLookupConformance({
    create: () => createProvider(plugin, 'disc_lookup', '__ID__', { manifest, settings: { discs: { abc123: 'Great Movie' } } }),
    knownHash: 'abc123',
  }),
  { describe, it },
  '__ID__ disc lookup conformance',
);

describe('__ID__ (more)', () => {`,
  },
  subtitles: {
    summary: 'reads SRT files named S01E02.<language>.srt from a folder in its settings',
    sdkImports: ['throwIfAborted'],
    imports: ["import { readFile } from 'node:fs/promises';", "import { join } from 'node:path';"],
    settingsSchema: { type: 'object', properties: { folder: { type: 'string', default: '' } }, additionalProperties: false },
    factory: `(setup) => ({
    async fetch(query, signal) {
      throwIfAborted(signal);
      const folder = String(setup.settings.folder);
      if (folder === '' || query.season === null || query.episode === null) return null;
      const name = \`S\${String(query.season).padStart(2, '0')}E\${String(query.episode).padStart(2, '0')}.\${query.language}.srt\`;
      const srt = await readFile(join(folder, name), 'utf8').catch(() => null);
      if (srt === null) return null;
      return { season: query.season, episode: query.episode, language: query.language, srt, origin: name };
    },
    quota() {
      return { remaining: null, resetsAt: null };
    },
  })`,
    kitImports: ['createProvider', 'createFakeContext', 'subtitlesConformance', 'runConformance'],
    testImports: ["import { writeFile } from 'node:fs/promises';", "import { join } from 'node:path';"],
    tests: `  it('reads the SRT of an episode from its folder', async () => {
    const ctx = await createFakeContext();
    try {
      await writeFile(join(ctx.workDir, 'S01E02.en.srt'), '1\\n00:00:01,000 --> 00:00:02,000\\nHello\\n');
      const subtitles = await createProvider(plugin, 'subtitles', '__ID__', { manifest, settings: { folder: ctx.workDir } });
      const query = { catalogId: null, season: 1, episode: 2, language: 'en' };
      assert.match((await subtitles.fetch(query, ${signal}))?.srt ?? '', /Hello/);
      assert.equal(await subtitles.fetch({ ...query, episode: 3 }, ${signal}), null);
    } finally {
      await ctx.dispose();
    }
  });
});

runConformance(
  subtitlesConformance({ create: () => createProvider(plugin, 'subtitles', '__ID__', { manifest }) }),
  { describe, it },
  '__ID__ subtitles conformance',
);

describe('__ID__ (more)', () => {`,
  },
  transcriber: {
    summary: 'a transcriber skeleton: answers an empty transcript (replace transcribe() with your speech engine)',
    sdkImports: ['throwIfAborted'],
    settingsSchema: { type: 'object', properties: { model: { type: 'string', default: 'starter' } }, additionalProperties: false },
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
    settingsSchema: { type: 'object', properties: { bytesPerSecond: { type: 'integer', minimum: 1, default: 16000 } }, additionalProperties: false },
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
    settingsSchema: { type: 'object', properties: { answer: { type: 'object', default: {} } }, additionalProperties: false },
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
    settingsSchema: { type: 'object', properties: { encoder: { type: 'string', default: 'copy' } }, additionalProperties: false },
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
  notifier: {
    summary: 'appends each notification as a JSON line to a file (its setting, or notifications.jsonl in its data folder)',
    sdkImports: ['throwIfAborted'],
    imports: ["import { appendFile } from 'node:fs/promises';", "import { join } from 'node:path';"],
    settingsSchema: { type: 'object', properties: { file: { type: 'string', default: '' } }, additionalProperties: false },
    factory: `(setup) => {
    const file = String(setup.settings.file) || join(setup.host.dataDir, 'notifications.jsonl');
    return {
      async send(notification, signal) {
        throwIfAborted(signal);
        await appendFile(file, \`\${JSON.stringify(notification)}\\n\`);
      },
      status() {
        return { configured: true, target: file };
      },
    };
  }`,
    kitImports: ['createProvider', 'notifierContractConformance', 'runConformance', 'sampleNotification'],
    testImports: ["import { readFile } from 'node:fs/promises';"],
    tests: `  it('appends the notification to its file', async () => {
    const notifier = await createProvider(plugin, 'notifier', '__ID__', { manifest });
    await notifier.send(sampleNotification(), ${signal});
    const target = notifier.status().target ?? '';
    assert.equal(JSON.parse(await readFile(target, 'utf8')).event, sampleNotification().event);
  });
});

runConformance(
  notifierContractConformance({ create: () => createProvider(plugin, 'notifier', '__ID__', { manifest }) }),
  { describe, it },
  '__ID__ notifier conformance',
);

describe('__ID__ (more)', () => {`,
  },
  library_refresher: {
    summary: 'records the folders to rescan in a file (replace with a call to your media server)',
    sdkImports: ['throwIfAborted'],
    imports: ["import { appendFile } from 'node:fs/promises';", "import { join } from 'node:path';"],
    settingsSchema: { type: 'object', properties: { file: { type: 'string', default: '' } }, additionalProperties: false },
    factory: `(setup) => {
    const file = String(setup.settings.file) || join(setup.host.dataDir, 'refreshes.log');
    return {
      async refresh(request) {
        throwIfAborted(request.signal);
        await appendFile(file, request.paths.map((p) => \`\${request.contentType}\\t\${p}\\n\`).join(''));
        return { detail: \`noted \${request.paths.length} folder(s)\` };
      },
      status() {
        return { configured: true, target: file };
      },
    };
  }`,
    kitImports: ['createProvider'],
    tests: `  it('notes the folders to rescan', async () => {
    const refresher = await createProvider(plugin, 'library_refresher', '__ID__', { manifest });
    const result = await refresher.refresh({ paths: ['/library/Movies/Great Movie'], contentType: 'movie', signal: ${signal} });
    assert.equal(result.detail, 'noted 1 folder(s)');
  });`,
  },
};
