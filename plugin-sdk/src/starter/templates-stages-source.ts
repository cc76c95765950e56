/** What the starter writes for the stages that find and read a source: detector, identifier, ripper (shape: kind-template.ts). */
import type { KindTemplate } from './kind-template.ts';

export const SOURCE_STAGE_TEMPLATES: Record<string, KindTemplate> = {
  detector: {
    summary:
      'reports a status line and watches until Spindle stops it (replace with your own drive or folder watching)',
    sdkImports: [],
    settingsSchema: {
      type: 'object',
      properties: { status: { type: 'string', default: 'watching' } },
      additionalProperties: false,
    },
    factory: `(setup) => ({
    async start(sink, ctx) {
      sink.status(String(setup.settings.status));
      // Report discs with sink.discInserted(...) / folders with sink.stagingFolderReady(...); return when stopped.
      if (ctx.signal.aborted) return;
      await new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(undefined), { once: true }));
    },
  })`,
    kitImports: ['createFakeContext', 'createStage', 'RecordingSink'],
    tests: `  it('reports its status (the schema default) and stops when aborted', async () => {
    const detector = await createStage(plugin, 'detector', '__ID__', { manifest });
    const ctx = await createFakeContext();
    const sink = new RecordingSink();
    try {
      const running = detector.start(sink, ctx);
      ctx.abort();
      await running;
      assert.deepEqual(sink.statuses, ['watching']);
    } finally {
      await ctx.dispose();
    }
  });`,
  },
  identifier: {
    summary: 'names a disc after its volume label (movie, confidence from settings); null for an empty label',
    sdkImports: ['throwIfAborted'],
    settingsSchema: {
      type: 'object',
      properties: { confidence: { type: 'number', minimum: 0, maximum: 1, default: 0.4 } },
      additionalProperties: false,
    },
    factory: `(setup) => ({
    async identify(input, ctx) {
      throwIfAborted(ctx.signal);
      const words = input.job.volumeLabel.replace(/[_.]+/g, ' ').trim().toLowerCase();
      if (words === '') return null;
      const title = words.replace(/\\b\\w/g, (c) => c.toUpperCase());
      return {
        contentType: 'movie', source: 'heuristic', confidence: Number(setup.settings.confidence), title, year: null,
        season: null, discNumber: null, catalogId: null, catalogTitle: null, discLookup: null, titleHints: [],
        ambiguousMovie: false, reviewReason: null, evidence: [\`volume label "\${input.job.volumeLabel}"\`],
      };
    },
  })`,
    kitImports: ['createFakeContext', 'createStage', 'identifierConformance', 'runConformance', 'sampleIdentifyInputs'],
    tests: `  it('names the disc after its label with the default confidence', async () => {
    const identifier = await createStage(plugin, 'identifier', '__ID__', { manifest });
    const ctx = await createFakeContext();
    try {
      const input = sampleIdentifyInputs()[0];
      const answer = await identifier.identify({ ...input, job: { ...input.job, volumeLabel: 'GREAT_MOVIE' } }, ctx);
      assert.equal(answer?.title, 'Great Movie');
      assert.equal(answer?.confidence, 0.4);
    } finally {
      await ctx.dispose();
    }
  });
});

runConformance(
  identifierConformance({ create: () => createStage(plugin, 'identifier', '__ID__', { manifest }), inputs: sampleIdentifyInputs() }),
  { describe, it },
  '__ID__ identifier conformance',
);

describe('__ID__ (more)', () => {`,
  },
  ripper: {
    summary: 'rips a folder of .mkv files by copying each one (replace with your own ripping program)',
    sdkImports: ['RipperError', 'throwIfAborted'],
    imports: ["import { copyFile, readdir, stat } from 'node:fs/promises';", "import { join } from 'node:path';"],
    settingsSchema: {
      type: 'object',
      properties: { extension: { type: 'string', default: '.mkv' } },
      additionalProperties: false,
    },
    factory: `(setup) => {
    const extension = String(setup.settings.extension);
    const filesIn = async (folder = '') => (await readdir(folder)).filter((name) => name.endsWith(extension)).sort();
    return {
      sourceKinds: ['folder'],
      async scan(source, ctx) {
        throwIfAborted(ctx.signal);
        if (!source.path) throw new RipperError('no_source_path', 'This ripper reads folders; the source has no path');
        const names = await filesIn(source.path).catch((error) => {
          throw new RipperError('folder_unreadable', \`Cannot read \${source.path}\`, { cause: error });
        });
        const titles = [];
        for (const [index, name] of names.entries()) {
          const size = (await stat(join(source.path, name))).size;
          titles.push({ index, durationSeconds: 0, sizeBytes: size, resolution: null, sourceFile: name, outputFileName: name });
        }
        return { volumeLabel: source.volumeLabel, discType: 'folder', contentHash: null, titles };
      },
      async rip(request, ctx) {
        const files = [];
        const failed = [];
        for (const title of request.titles) {
          throwIfAborted(ctx.signal);
          if (!request.source.path || !title.sourceFile) {
            failed.push({ titleIndex: title.index, message: 'no source file' });
            continue;
          }
          const path = join(request.outputDir, title.outputFileName ?? title.sourceFile);
          await copyFile(join(request.source.path, title.sourceFile), path);
          files.push({ titleIndex: title.index, path, sizeBytes: (await stat(path)).size });
          ctx.progress.report({ fraction: files.length / request.titles.length, currentTitle: title.index });
        }
        return { files, failed };
      },
    };
  }`,
    kitImports: ['createFakeContext', 'createStage'],
    testImports: ["import { mkdir, writeFile } from 'node:fs/promises';", "import { join } from 'node:path';"],
    tests: `  it('scans a folder of .mkv files and copies them into the output folder', async () => {
    const ripper = await createStage(plugin, 'ripper', '__ID__', { manifest });
    const ctx = await createFakeContext();
    try {
      const folder = join(ctx.workDir, 'disc');
      await mkdir(folder);
      await writeFile(join(folder, 'a.mkv'), 'first');
      await writeFile(join(folder, 'notes.txt'), 'not a title');
      const source = { kind: @@const('folder')@@, path: folder, driveId: null, volumeLabel: 'DISC' };
      const scan = await ripper.scan(source, ctx);
      assert.deepEqual(scan.titles.map((t) => t.sourceFile), ['a.mkv']);
      const out = join(ctx.workDir, 'out');
      await mkdir(out);
      const result = await ripper.rip({ source, titles: scan.titles, outputDir: out }, ctx);
      assert.deepEqual(result.files, [{ titleIndex: 0, path: join(out, 'a.mkv'), sizeBytes: 5 }]);
    } finally {
      await ctx.dispose();
    }
  });`,
  },
};
