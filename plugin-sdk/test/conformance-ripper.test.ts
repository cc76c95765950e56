import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RipperError,
  throwIfAborted,
  type DiscScan,
  type DiscSource,
  type Ripper,
  type StageContext,
} from '../src/index.ts';
import { assertConformance, ConformanceError, ripperConformance, runConformance } from '../src/testing/index.ts';

interface Flaws {
  progress?: number;
  plainErrors?: boolean;
  ignoreAbort?: boolean;
  lowercaseHash?: boolean;
  duplicateIndex?: boolean;
  dropTitle?: boolean;
}

/** A small folder ripper used to exercise the suite; `flaws` break it on purpose. */
function folderRipper(flaws: Flaws = {}): Ripper {
  const checkAbort = (ctx: StageContext) => {
    if (!flaws.ignoreAbort) throwIfAborted(ctx.signal);
  };
  return {
    sourceKinds: ['folder'],
    async scan(source: DiscSource, ctx: StageContext): Promise<DiscScan> {
      checkAbort(ctx);
      const names = await readdir(source.path ?? '').catch((error: unknown) => {
        if (flaws.plainErrors) throw new Error('folder missing');
        throw new RipperError('folder_not_found', `Folder not found: ${source.path}`, { cause: error });
      });
      const titles = [];
      for (const [i, name] of names.sort().entries()) {
        const size = (await stat(join(source.path!, name))).size;
        titles.push({
          index: flaws.duplicateIndex ? 0 : i,
          durationSeconds: 60 * (i + 1),
          sizeBytes: size,
          resolution: '1080p',
          sourceFile: name,
        });
        ctx.progress.report({ fraction: (i + 1) / names.length });
      }
      return {
        volumeLabel: source.volumeLabel,
        discType: 'folder',
        contentHash: flaws.lowercaseHash ? 'abcdef0123456789abcdef0123456789' : null,
        titles,
      };
    },
    async rip(request, ctx) {
      checkAbort(ctx);
      const files = [];
      for (const [i, title] of request.titles.entries()) {
        if (flaws.dropTitle && i === 0) continue;
        const to = join(request.outputDir, basename(title.sourceFile!));
        await copyFile(join(request.source.path!, title.sourceFile!), to);
        files.push({ titleIndex: title.index, path: to, sizeBytes: (await stat(to)).size });
        ctx.progress.report({ fraction: flaws.progress ?? (i + 1) / request.titles.length, currentTitle: title.index });
      }
      return { files, failed: [] };
    },
  };
}

let folder: string;
let source: DiscSource;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'ripper-suite-'));
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'a.mkv'), 'first title');
  await writeFile(join(folder, 'b.mkv'), 'second, longer title');
  source = { kind: 'folder', path: folder, driveId: null, volumeLabel: 'SUITE_TEST' };
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function failuresOf(flaws: Flaws): Promise<ConformanceError> {
  const error = await assertConformance(ripperConformance({ create: () => folderRipper(flaws), source })).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConformanceError);
  return error as ConformanceError;
}

describe('ripper conformance suite', () => {
  it('passes a well-behaved ripper', async () => {
    expect(await assertConformance(ripperConformance({ create: () => folderRipper(), source }))).toHaveLength(6);
  });

  it('fails a ripper that reports progress 1.5', async () => {
    const error = await failuresOf({ progress: 1.5 });
    expect(error.failures.map((f) => f.name)).toEqual([
      'ripper: rip accounts for every requested title with an existing file',
    ]);
    expect(error.message).toContain('fraction 1.5 is outside 0–1');
  });

  it('fails a ripper that throws plain Errors', async () => {
    const error = await failuresOf({ plainErrors: true });
    expect(error.message).toContain(
      'threw Error: folder missing — every error a stage throws must be a coded SpindleError',
    );
  });

  it('fails a ripper that ignores an aborted signal', async () => {
    const error = await failuresOf({ ignoreAbort: true });
    expect(error.failures.map((f) => f.name)).toEqual([
      'ripper: scan with an aborted signal rejects quickly with a coded error',
      'ripper: rip with an aborted signal rejects quickly with a coded error',
    ]);
    expect(error.message).toContain('resolved although the signal was already aborted');
  });

  it('fails a scan with a lowercase content hash or duplicate indexes', async () => {
    expect((await failuresOf({ lowercaseHash: true })).message).toContain(
      'scan.contentHash must be null or 32 uppercase hex characters',
    );
    expect((await failuresOf({ duplicateIndex: true })).message).toContain(
      'scan.titles[1].index 0 is used by another title',
    );
  });

  it('fails a rip that forgets a requested title', async () => {
    expect((await failuresOf({ dropTitle: true })).message).toContain(
      'requested title 0 is neither in files nor in failed',
    );
  });
});

describe('runConformance', () => {
  it('registers one test per check inside a describe block', () => {
    const registered: string[] = [];
    const checks = ripperConformance({
      create: () => folderRipper(),
      source: { kind: 'folder', path: '/x', driveId: null, volumeLabel: 'X' },
    });
    runConformance(
      checks,
      {
        describe: (name, body) => (registered.push(`describe ${name}`), body()),
        it: (name) => registered.push(`it ${name}`),
      },
      'mine',
    );
    expect(registered).toEqual(['describe mine', ...checks.map((c) => `it ${c.name}`)]);
  });
});

runConformance(
  ripperConformance({
    create: () => folderRipper(),
    source: { kind: 'folder', path: join(tmpdir(), 'never-used'), driveId: null, volumeLabel: 'X' },
  }).slice(0, 1),
  { describe, it },
  'runConformance with vitest',
);
