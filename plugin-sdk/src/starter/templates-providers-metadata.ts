/** What the starter writes for the providers that know about discs and shows: catalog, disc_lookup, subtitles (shape: kind-template.ts). */
import type { KindTemplate } from './kind-template.ts';
import { TEST_SIGNAL as signal } from './kind-template.ts';

export const METADATA_PROVIDER_TEMPLATES: Record<string, KindTemplate> = {
  catalog: {
    summary: 'a catalog of the movies listed in its settings ("Title (Year)"), searched by words of the title',
    sdkImports: [],
    settingsSchema: {
      type: 'object',
      properties: { movies: { type: 'array', items: { type: 'string' }, default: ['Example Movie (2001)'] } },
      additionalProperties: false,
    },
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
    settingsSchema: {
      type: 'object',
      properties: { discs: { type: 'object', additionalProperties: { type: 'string' }, default: {} } },
      additionalProperties: false,
    },
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
    settingsSchema: {
      type: 'object',
      properties: { folder: { type: 'string', default: '' } },
      additionalProperties: false,
    },
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
};
