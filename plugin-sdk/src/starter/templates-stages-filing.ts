/** What the starter writes for the stages that decide and file: matcher, organizer, contributor (shape: kind-template.ts). */
import type { KindTemplate } from './kind-template.ts';

export const FILING_STAGE_TEMPLATES: Record<string, KindTemplate> = {
  matcher: {
    summary: 'for a movie disc, calls the longest title the main movie (null otherwise: no opinion)',
    sdkImports: [],
    settingsSchema: {
      type: 'object',
      properties: { confidence: { type: 'number', minimum: 0, maximum: 1, default: 0.6 } },
      additionalProperties: false,
    },
    factory: `(setup) => ({
    async match(input) {
      if (input.job.contentType !== 'movie') return null;
      const longest = Math.max(...input.siblings.map((t) => t.durationSeconds), input.title.durationSeconds);
      if (input.title.durationSeconds < longest) return null;
      return {
        kind: 'main_movie', season: null, episode: null, episodeEnd: null, edition: null,
        confidence: Number(setup.settings.confidence), source: '__ID__',
        components: [{ name: 'longest_title', value: 1, weight: 1 }], candidates: [],
      };
    },
  })`,
    kitImports: ['createFakeContext', 'createStage', 'sampleMovieJob', 'titleViewOf', 'sampleMovieScan'],
    tests: `  it('calls the longest title of a movie disc the main movie', async () => {
    const matcher = await createStage(plugin, 'matcher', '__ID__', { manifest });
    const ctx = await createFakeContext();
    try {
      const titles = sampleMovieScan().titles.map((t) => titleViewOf(t));
      const longest = titles.reduce((a, b) => (b.durationSeconds > a.durationSeconds ? b : a));
      const answer = await matcher.match({ job: sampleMovieJob(), title: longest, siblings: titles, previous: [] }, ctx);
      assert.equal(answer?.kind, 'main_movie');
      assert.equal(answer?.confidence, 0.6);
    } finally {
      await ctx.dispose();
    }
  });`,
  },
  organizer: {
    summary:
      'files each title under <libraryTvPath or libraryMoviesPath>/<title>/ (episodes in Season NN, extras in extras/), moving or copying as the person chose, and reports that folder as outcome.libraryPath',
    sdkImports: ['OrganizationError', 'throwIfAborted'],
    imports: [
      "import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';",
      "import { dirname, extname, join } from 'node:path';",
    ],
    settingsSchema: {
      type: 'object',
      properties: { extrasFolder: { type: 'string', default: 'extras' } },
      additionalProperties: false,
    },
    factory: `(setup) => {
    const clean = (text = '') => text.replace(/[\\\\/:*?"<>|]/g, ' ').replace(/\\s+/g, ' ').trim() || 'Unknown';
    const two = (n = 0) => String(n).padStart(2, '0');
    const exists = (path = '') => stat(path).then(() => true, () => false);
    return {
      async plan(input, ctx) {
        throwIfAborted(ctx.signal);
        const tv = input.job.contentType === 'tv';
        const name = clean(input.job.detectedTitle ?? input.job.volumeLabel) + (!tv && input.job.detectedYear ? \` (\${input.job.detectedYear})\` : '');
        // TV goes under libraryTvPath, everything else under libraryMoviesPath; one folder per show or movie.
        const folder = join(tv ? input.libraryTvPath : input.libraryMoviesPath, name);
        return {
          moves: input.titles.map((t) => {
            const base = { titleIndex: t.titleIndex, from: t.filePath, keepSource: (t.transfer ?? input.transfer) === 'copy' };
            const m = t.match;
            if (t.included === false || m.kind === 'discarded') return { ...base, to: null, action: @@const('skip')@@, reason: 'not kept' };
            if (m.kind === 'extra' && input.extrasPolicy !== 'keep') {
              return { ...base, to: null, action: input.extrasPolicy === 'ask' ? @@const('review')@@ : @@const('skip')@@, reason: 'extras policy' };
            }
            const ext = extname(t.filePath) || '.mkv';
            let to = join(folder, \`\${name}\${ext}\`);
            if (m.kind === 'extra') to = join(folder, String(setup.settings.extrasFolder), \`\${name} - extra \${t.titleIndex}\${ext}\`);
            else if (m.kind === 'episode') to = join(folder, \`Season \${two(m.season ?? 1)}\`, \`\${name} - S\${two(m.season ?? 1)}E\${two(m.episode ?? 0)}\${ext}\`);
            return { ...base, to, action: @@const('move')@@, reason: null };
          }),
        };
      },
      async apply(plan, ctx) {
        @@type(import('@spindle/plugin-sdk').OrganizedTitle[])@@ const titles = [];
        @@type(string | null)@@ let libraryPath = null;
        for (const move of plan.moves) {
          throwIfAborted(ctx.signal);
          const to = move.to;
          if (move.action !== 'move' || !to) {
            titles.push({ titleIndex: move.titleIndex, status: move.action === 'review' ? 'review' : 'skipped', path: null, message: move.reason });
            continue;
          }
          if ((await exists(to)) && !move.overwrite) {
            titles.push({ titleIndex: move.titleIndex, status: 'review', path: null, message: \`\${to} is already in the library\` });
            continue;
          }
          await mkdir(dirname(to), { recursive: true });
          // Never a partial file under the final name: copy under a temporary name, then rename.
          const partial = \`\${to}.partial\`;
          try {
            if (move.keepSource) {
              await copyFile(move.from, partial);
              await rename(partial, to);
            } else {
              await rename(move.from, to).catch(async (error) => {
                if (error?.code !== 'EXDEV') throw error;
                await copyFile(move.from, partial);
                await rename(partial, to);
                await rm(move.from);
              });
            }
          } catch (error) {
            await rm(partial, { force: true });
            throw new OrganizationError('file_move_failed', \`Cannot put \${move.from} into the library\`, { cause: error });
          }
          // The show's or movie's folder: every filed title lies inside it.
          libraryPath = dirname(to).endsWith(String(setup.settings.extrasFolder)) || /Season \\d+$/.test(dirname(to)) ? dirname(dirname(to)) : dirname(to);
          titles.push({ titleIndex: move.titleIndex, status: 'moved', path: to, message: null });
        }
        return { titles, libraryPath };
      },
    };
  }`,
    kitImports: [
      'createFakeContext',
      'createStage',
      'organizerConformance',
      'runConformance',
      'sampleMovieJob',
      'sampleEpisodeMatch',
    ],
    testImports: [
      "import { access, mkdir, readFile, writeFile } from 'node:fs/promises';",
      "import { join } from 'node:path';",
    ],
    tests: `  it('files a movie under libraryMoviesPath and keeps the source when the person chose copy', async () => {
    const organizer = await createStage(plugin, 'organizer', '__ID__', { manifest });
    const ctx = await createFakeContext();
    try {
      const ripped = join(ctx.workDir, 'title00.mkv');
      await writeFile(ripped, 'movie');
      const movies = join(ctx.workDir, 'Movies');
      const tv = join(ctx.workDir, 'TV');
      await mkdir(movies);
      const input = {
        job: sampleMovieJob({ detectedTitle: 'Great Movie', detectedYear: 2001 }),
        titles: [{ titleIndex: 0, filePath: ripped, match: { ...sampleEpisodeMatch(1, 1), kind: @@const('main_movie')@@ }, conflictResolution: null }],
        libraryMoviesPath: movies, libraryTvPath: tv, extrasPolicy: @@const('keep')@@, conflictDefault: @@const('skip')@@, transfer: @@const('copy')@@,
      };
      const outcome = await organizer.apply(await organizer.plan(input, ctx), ctx);
      assert.equal(outcome.libraryPath, join(movies, 'Great Movie (2001)'));
      assert.equal(await readFile(join(movies, 'Great Movie (2001)', 'Great Movie (2001).mkv'), 'utf8'), 'movie');
      await access(ripped); // copy: the source stays
    } finally {
      await ctx.dispose();
    }
  });
});

runConformance(organizerConformance({ create: () => createStage(plugin, 'organizer', '__ID__', { manifest }) }), { describe, it }, '__ID__ organizer conformance');

describe('__ID__ (more)', () => {`,
  },
  contributor: {
    summary: 'counts completed jobs in its store (replace with what you want to do after a job)',
    sdkImports: [],
    settingsSchema: {
      type: 'object',
      properties: { storeKey: { type: 'string', default: 'completed' } },
      additionalProperties: false,
    },
    factory: `(setup) => ({
    async jobCompleted(input, ctx) {
      const key = String(setup.settings.storeKey);
      const seen = Number((await ctx.store.get(key)) ?? 0);
      await ctx.store.set(key, seen + 1);
      ctx.logger.info(\`job \${input.job.id} completed with \${input.titles.length} title(s)\`);
    },
  })`,
    kitImports: ['createFakeContext', 'createStage', 'sampleContributorInput'],
    tests: `  it('counts completed jobs under the default store key', async () => {
    const contributor = await createStage(plugin, 'contributor', '__ID__', { manifest });
    const ctx = await createFakeContext();
    try {
      await contributor.jobCompleted(sampleContributorInput(), ctx);
      await contributor.jobCompleted(sampleContributorInput(), ctx);
      assert.equal(await ctx.store.get('completed'), 2);
    } finally {
      await ctx.dispose();
    }
  });`,
  },
};
