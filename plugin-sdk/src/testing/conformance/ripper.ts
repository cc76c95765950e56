/** Conformance checks for a Ripper: scan shape, rip accounting, progress, abort and error codes. */
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { JsonObject } from '../../context.ts';
import type { Ripper, RipRequest } from '../../stages/ripper.ts';
import type { DiscScan, DiscSource, ScannedTitle } from '../../values.ts';
import type { FakeContext, FakeContextOptions } from '../fake-context.ts';
import {
  assertNoProblems,
  assertProgress,
  abortExpectation,
  fail,
  invoke,
  invokeMayFail,
  withContext,
  type ConformanceCheck,
} from './check.ts';
import { validateDiscScan, validateRipResult } from './validate-ripping.ts';

export interface RipperConformanceOptions {
  create: () => Ripper | Promise<Ripper>;
  /** A source the ripper can scan and rip (a folder of MKVs, a replayed disc, …). */
  source: DiscSource;
  /** Settings, app settings (e.g. `media_tool_path`) and providers for each context. */
  context?: FakeContextOptions<JsonObject>;
  /** Which scanned titles to rip (default: all). */
  pickTitles?: (scan: DiscScan) => ScannedTitle[];
  /** A source that does not exist; scanning it must fail with a coded error. Null skips the check. */
  missingSource?: DiscSource | null;
  abortWithinMs?: number;
}

const SOURCE_KINDS = ['disc', 'folder'];

export function ripperConformance(options: RipperConformanceOptions): ConformanceCheck[] {
  const expectAbort = abortExpectation(options);
  const pick = options.pickTitles ?? ((scan: DiscScan) => scan.titles);

  const scanned = async (ctx: FakeContext): Promise<{ ripper: Ripper; scan: DiscScan }> => {
    const ripper = await invoke('create()', options.create);
    const scan = await invoke('scan()', () => ripper.scan(options.source, ctx));
    assertNoProblems('scan() result', validateDiscScan(scan));
    return { ripper, scan };
  };
  const requestFor = (ctx: FakeContext, scan: DiscScan): RipRequest => ({
    source: options.source,
    titles: pick(scan),
    outputDir: ctx.workDir,
  });

  return [
    {
      name: 'ripper: declares the source kinds it serves',
      async run() {
        const ripper = await invoke('create()', options.create);
        if (!Array.isArray(ripper.sourceKinds) || ripper.sourceKinds.length === 0)
          fail('sourceKinds must be a non-empty array');
        for (const kind of ripper.sourceKinds)
          if (!SOURCE_KINDS.includes(kind)) fail(`sourceKinds has unknown kind "${kind}"`);
        if (!ripper.sourceKinds.includes(options.source.kind))
          fail(`sourceKinds does not include the test source's kind "${options.source.kind}"`);
      },
    },
    {
      name: 'ripper: scan returns a well-formed DiscScan with progress within 0–1',
      async run() {
        await withContext(options.context, async (ctx) => {
          const { scan } = await scanned(ctx);
          if (scan.titles.length === 0) fail('scan() of the test source found no titles');
          assertProgress('scan()', ctx);
        });
      },
    },
    {
      name: 'ripper: rip accounts for every requested title with an existing file',
      async run() {
        await withContext(options.context, async (ctx) => {
          const { ripper, scan } = await scanned(ctx);
          const request = requestFor(ctx, scan);
          if (request.titles.length === 0) fail('pickTitles chose no titles to rip');
          ctx.progress.clear();
          const result = await invoke('rip()', () => ripper.rip(request, ctx));
          assertNoProblems('rip() result', validateRipResult(result, request));
          if (result.files.length === 0) fail('rip() produced no file for the test source');
          for (const file of result.files) {
            const info = await stat(file.path).catch(() => null);
            if (!info?.isFile()) fail(`rip() reported ${file.path}, which is not a file`);
            if (info.size !== file.sizeBytes)
              fail(`rip() reported ${file.sizeBytes} bytes for ${file.path}, the file has ${info.size}`);
          }
          assertProgress('rip()', ctx);
          const requested = new Set(request.titles.map((t) => t.index));
          for (const u of ctx.progress.updates) {
            if (u.currentTitle != null && !requested.has(u.currentTitle))
              fail(`rip() progress names title ${u.currentTitle}, which was not requested`);
          }
        });
      },
    },
    {
      name: 'ripper: scan with an aborted signal rejects quickly with a coded error',
      async run() {
        const ripper = await invoke('create()', options.create);
        await withContext({ ...options.context, aborted: true }, (ctx) =>
          expectAbort('scan()', () => ripper.scan(options.source, ctx)),
        );
      },
    },
    {
      name: 'ripper: rip with an aborted signal rejects quickly with a coded error',
      async run() {
        await withContext(options.context, async (ctx) => {
          const { ripper, scan } = await scanned(ctx);
          ctx.abort();
          await expectAbort('rip()', () => ripper.rip(requestFor(ctx, scan), ctx));
        });
      },
    },
    {
      name: 'ripper: a missing source fails with a coded SpindleError',
      async run() {
        if (options.missingSource === null) return;
        await withContext(options.context, async (ctx) => {
          const ripper = await invoke('create()', options.create);
          const missing: DiscSource = options.missingSource ?? {
            ...options.source,
            path: join(ctx.workDir, 'does-not-exist'),
            driveId: options.source.kind === 'disc' ? '/dev/spindle-missing-drive' : null,
          };
          const outcome = await invokeMayFail('scan() of a missing source', () => ripper.scan(missing, ctx));
          if (outcome.ok)
            fail('scan() of a missing source resolved; it must reject with a coded error (e.g. RipperError)');
        });
      },
    },
  ];
}
