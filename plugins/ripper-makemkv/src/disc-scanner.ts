/**
 * Scan: `makemkvcon -r info <source>` → DiscScan. The content hash comes from the mounted disc
 * or folder (`path`, through the SDK's helper); without one, from the `HSH:` file list that newer
 * MakeMKV versions print. The scanned title list is remembered per source so a later rip can tell
 * whether every title was requested.
 */
import { stat } from 'node:fs/promises';
import {
  computeContentHash,
  contentHashOfFiles,
  RipperError,
  throwIfAborted,
  type DiscScan,
  type DiscSource,
  type ScannedTitle,
  type StageContext,
} from '@spindle/plugin-sdk';
import type { RobotDisc } from './disc-info.ts';
import { fatalFailure, scanFailed, stalledError } from './makemkv-failures.ts';
import { infoArgs, readSettings } from './makemkv-settings.ts';
import { makemkvSourceFor, type MakemkvSource } from './makemkv-source.ts';
import { locateMakemkvcon } from './makemkvcon-lookup.ts';
import { runMakemkvcon } from './makemkvcon-run.ts';

/** What a rip needs to know about the last scan of a source. */
export interface RememberedScan {
  minLength: number;
  indices: number[];
}

export const scanKey = (source: MakemkvSource): string => `scan:${source.argument}`;

/** A `file:`/`iso:` source must exist before makemkvcon is asked about it. */
export async function assertSourceExists(source: MakemkvSource): Promise<void> {
  if (source.kind !== 'file' && source.kind !== 'iso') return;
  const info = await stat(source.target).catch(() => null);
  if (!info) throw new RipperError('disc_source_not_found', `The disc source ${source.target} does not exist`);
  if (source.kind === 'iso' && !info.isFile())
    throw new RipperError('disc_source_not_found', `${source.target} is not an ISO image file`);
}

/** The content hash of the listed files (Blu-ray: the `.m2ts` streams; DVD: every VIDEO_TS file). */
export function contentHashFromListing(disc: RobotDisc): string | null {
  const files = disc.discType === 'bluray' ? disc.files.filter((f) => /\.m2ts$/i.test(f.name)) : disc.files;
  if (files.length === 0 || disc.discType === 'unknown') return null;
  return contentHashOfFiles(files);
}

export function toScannedTitles(disc: RobotDisc): ScannedTitle[] {
  return disc.titles.map((t) => ({
    index: t.index,
    durationSeconds: t.durationSeconds,
    sizeBytes: t.sizeBytes,
    resolution: t.resolution,
    chapters: t.chapters,
    // DVDs have no playlist file; their title number (`01`) is what TheDiscDB records as the source
    ...(t.sourceFile || t.originalTitleId ? { sourceFile: (t.sourceFile ?? t.originalTitleId)! } : {}),
    ...(t.segmentMap ? { segmentMap: t.segmentMap } : {}),
    ...(t.outputFileName ? { outputFileName: t.outputFileName } : {}),
    ...(t.name ? { name: t.name } : {}),
  }));
}

/** From the mounted disc (`path`, or the folder a `file:` source names), else from the HSH listing. */
async function contentHashOf(
  source: DiscSource,
  src: MakemkvSource,
  disc: RobotDisc,
  ctx: StageContext,
): Promise<string | null> {
  const root = source.path || (src.kind === 'file' ? src.target : null);
  if (root) {
    try {
      const hash = await computeContentHash(root);
      if (hash) return hash;
    } catch (error) {
      ctx.logger.warn('could not read the disc structure for its content hash', {
        path: root,
        error: (error as Error).message,
      });
    }
  }
  return contentHashFromListing(disc);
}

export async function scanDisc(source: DiscSource, ctx: StageContext): Promise<DiscScan> {
  throwIfAborted(ctx.signal);
  const src = makemkvSourceFor(source);
  await assertSourceExists(src);
  const exe = await locateMakemkvcon(ctx);
  const settings = readSettings(ctx.settings);
  ctx.progress.report({ fraction: 0, message: `Scanning ${src.argument}` });
  let best = 0;
  const run = await runMakemkvcon({
    exe,
    args: infoArgs(settings, src.argument),
    ctx,
    stallSeconds: settings.stallTimeoutSeconds,
    onLine: (line) => {
      if (line.kind !== 'PRGV') return;
      const fraction = Math.min(0.99, Math.max(0, line.total / line.max));
      if (fraction > best + 0.005) {
        best = fraction;
        ctx.progress.report({ fraction });
      }
    },
  });
  throwIfAborted(ctx.signal);
  const { disc } = run;
  if (run.stalled)
    throw stalledError({
      seconds: settings.stallTimeoutSeconds,
      doing: `scanning ${src.argument}`,
      messages: disc.messages,
    });
  const fatal = fatalFailure(disc.messages, src.target);
  if (fatal) throw fatal;
  if (disc.titleCount === null)
    throw scanFailed({ target: src.target, exitCode: run.exitCode, messages: disc.messages, stderr: run.stderr });
  if (disc.titles.length === 0) {
    throw new RipperError(
      'disc_has_no_titles',
      `MakeMKV found no titles on the disc in ${src.target} (minimum title length ${settings.minLengthSeconds} s)`,
    );
  }
  const titles = toScannedTitles(disc);
  const contentHash = await contentHashOf(source, src, disc, ctx);
  const remembered: RememberedScan = { minLength: settings.minLengthSeconds, indices: titles.map((t) => t.index) };
  await ctx.store.set(scanKey(src), { ...remembered });
  ctx.progress.report({ fraction: 1, message: `Scanned ${titles.length} titles` });
  ctx.logger.info('Scanned disc', {
    source: src.argument,
    titles: titles.length,
    discType: disc.discType,
    contentHash,
  });
  return {
    volumeLabel: source.volumeLabel || disc.volumeName || disc.name || '',
    discType: disc.discType,
    contentHash,
    titles,
  };
}
