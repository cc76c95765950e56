/**
 * A ripper for folders of MKV files that are already ripped: scan probes each file, rip uses the
 * files where they are (no copy) and reports them.
 */
import { readdir, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  computeContentHash,
  RipperError,
  throwIfAborted,
  type DiscScan,
  type DiscSource,
  type Ripper,
  type RipRequest,
  type RipResult,
  type ScannedTitle,
  type StageContext,
} from '@spindle/plugin-sdk';
import { locateFfprobe, probeFile } from './ffprobe.ts';

const DEFAULT_PROBE_TIMEOUT_SECONDS = 60;

function probeTimeout(settings: StageContext['settings']): number {
  const value = settings.probe_timeout_seconds;
  return typeof value === 'number' && value > 0 ? value : DEFAULT_PROBE_TIMEOUT_SECONDS;
}

/** The folder's `.mkv` files, sorted by name (code-unit order); index = position. */
export async function listMkvFiles(folder: string | null): Promise<string[]> {
  if (!folder) throw new RipperError('folder_path_missing', 'The folder source has no path');
  let entries;
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new RipperError('folder_not_found', `Folder not found: ${folder}`, { cause: error });
    if (code === 'ENOTDIR')
      throw new RipperError('folder_not_a_directory', `Not a folder: ${folder}`, { cause: error });
    throw new RipperError('folder_unreadable', `Cannot read folder ${folder}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const names = entries.filter((e) => e.isFile() && /\.mkv$/i.test(e.name)).map((e) => e.name);
  if (names.length === 0) throw new RipperError('folder_has_no_mkv', `No .mkv files in ${folder}`);
  return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export class FolderRipper implements Ripper {
  readonly sourceKinds = ['folder'] as const;

  async scan(source: DiscSource, ctx: StageContext): Promise<DiscScan> {
    throwIfAborted(ctx.signal);
    const names = await listMkvFiles(source.path);
    const ffprobe = await locateFfprobe(ctx);
    const titles: ScannedTitle[] = [];
    for (const [index, name] of names.entries()) {
      throwIfAborted(ctx.signal);
      ctx.progress.report({ fraction: index / names.length, currentTitle: index, message: `Probing ${name}` });
      const file = resolve(source.path!, name);
      const [facts, info] = await Promise.all([probeFile(ffprobe, file, ctx, probeTimeout(ctx.settings)), stat(file)]);
      titles.push({
        index,
        durationSeconds: facts.durationSeconds,
        sizeBytes: info.size,
        resolution: facts.resolution,
        chapters: facts.chapters,
        sourceFile: name,
        outputFileName: name,
        name: name.replace(/\.mkv$/i, ''),
      });
    }
    // A folder copied from a disc (BDMV/STREAM or VIDEO_TS next to the MKVs) identifies its release.
    const contentHash = await computeContentHash(source.path!);
    ctx.progress.report({ fraction: 1, message: `Scanned ${titles.length} titles` });
    ctx.logger.info('Scanned folder', { folder: source.path, titles: titles.length, contentHash });
    return { volumeLabel: source.volumeLabel, discType: 'folder', contentHash, titles };
  }

  async rip(request: RipRequest, ctx: StageContext): Promise<RipResult> {
    throwIfAborted(ctx.signal);
    const folder = request.source.path;
    if (!folder) throw new RipperError('folder_path_missing', 'The folder source has no path');
    let sorted: string[] | null = null;
    const result: RipResult = { files: [], failed: [] };
    for (const [i, title] of request.titles.entries()) {
      throwIfAborted(ctx.signal);
      ctx.progress.report({ fraction: i / request.titles.length, currentTitle: title.index });
      let name = title.sourceFile;
      if (name === undefined) {
        sorted ??= await listMkvFiles(folder);
        name = sorted[title.index];
      }
      const path = name === undefined ? null : resolve(folder, name);
      const info = path ? await stat(path).catch(() => null) : null;
      if (!path || !info?.isFile()) {
        result.failed.push({
          titleIndex: title.index,
          message: `The file for title ${title.index} (${name ?? 'unknown'}) is no longer in ${folder}`,
        });
        continue;
      }
      const file = { titleIndex: title.index, path, sizeBytes: info.size };
      result.files.push(file);
      request.onTitleSaved?.(file);
    }
    ctx.progress.report({ fraction: 1 });
    return result;
  }
}
