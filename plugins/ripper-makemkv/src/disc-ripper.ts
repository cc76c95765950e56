/**
 * Rip: only the requested titles. Each is ripped with its own `mkv <source> <index> <dir>` run;
 * a single `mkv <source> all <dir>` run is used only when every title of the last scan was
 * requested. Output files are the ones makemkvcon reports (TINFO 27 output file name, `_tNN`
 * kept apart from the index), checked on disk; a title without its file, with a failure
 * message, or whose file is shorter than its Matroska header says, is `failed` and its partial
 * file is deleted. Cancel and the watchdog delete the file
 * being written before the error propagates, so no partial file is ever claimed.
 */
import { mkdir, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { RipperError, throwIfAborted, type RippedFile, type RipRequest, type RipResult, type ScannedTitle, type StageContext } from '@spindle/plugin-sdk';
import { scanKey, assertSourceExists, type RememberedScan } from './disc-scanner.ts';
import { fatalFailure, lastMessage, saveFailed, stalledError, titleFailureText } from './makemkv-failures.ts';
import { mkvArgs, readSettings, type MakemkvSettings } from './makemkv-settings.ts';
import { makemkvSourceFor, type MakemkvSource } from './makemkv-source.ts';
import { mkvTruncation } from './mkv-completeness.ts';
import { locateMakemkvcon } from './makemkvcon-lookup.ts';
import { runMakemkvcon, type RunOutcome } from './makemkvcon-run.ts';
import { Attr, Msg, Progress } from './robot-codes.ts';
import type { MsgLine, RobotLine } from './robot-line-parser.ts';
import { RipProgress } from './rip-progress.ts';

interface RipEnv {
  ctx: StageContext;
  exe: string;
  source: MakemkvSource;
  settings: MakemkvSettings;
  outputDir: string;
  /** The host's "this title's file is complete" callback (RipRequest.onTitleSaved). */
  saved: (file: RippedFile) => void;
}

const isSavingStep = (line: RobotLine): boolean =>
  (line.kind === 'PRGT' && (line.code === Progress.SAVING_ALL_TITLES || /sav/i.test(line.name))) ||
  (line.kind === 'PRGC' && (line.code === Progress.SAVING_TO_MKV || /sav/i.test(line.name)));

async function fileSize(path: string): Promise<number | null> {
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? info.size : null;
}

/** How a makemkvcon run ended, in words ("was killed by SIGSEGV (it crashed)" rather than "exit code null"). */
function endedText(run: RunOutcome): string {
  if (run.exitCode === null && run.signal) return `was killed by ${run.signal} (it crashed or was stopped from outside)`;
  return `ended with exit code ${run.exitCode}`;
}

/** Why a file makemkvcon reported as saved is not whole (see mkv-completeness.ts); null when it is. */
async function truncationText(dir: string, name: string): Promise<string | null> {
  const cut = await mkvTruncation(join(dir, name)).catch(() => null);
  return cut ? `${name} is truncated: MakeMKV reported it saved, but it has ${cut.actual} of the ${cut.expected} bytes its Matroska header announces` : null;
}

async function removeAll(dir: string, names: readonly string[]): Promise<void> {
  await Promise.all(names.map((n) => rm(join(dir, n), { force: true })));
}

/** Stops on cancel, a stall or a disc-level failure, deleting `partial` first. */
async function stopIfFatal(env: RipEnv, run: RunOutcome, partial: readonly string[], doing: string): Promise<void> {
  if (!run.aborted && !run.stalled && !fatalFailure(run.disc.messages, env.source.target)) return;
  await removeAll(env.outputDir, partial);
  throwIfAborted(env.ctx.signal);
  if (run.stalled) throw stalledError({ seconds: env.settings.stallTimeoutSeconds, doing, messages: run.disc.messages });
  throw fatalFailure(run.disc.messages, env.source.target)!;
}

function copyCompleted(messages: readonly MsgLine[]): boolean {
  return messages.some((m) => (m.code === Msg.COPY_COMPLETE || m.code === Msg.COPY_COMPLETE_WITH_FAILURES || m.code === Msg.COPY_COMPLETE_FAILED) && Number(m.params[0] ?? 0) > 0);
}

/** The messages of a run that concern `title` (5003 names it) plus the run-wide ones. */
function messagesFor(title: ScannedTitle, name: string | null, messages: readonly MsgLine[]): MsgLine[] {
  return messages.filter(
    (m) => m.code !== Msg.FAILED_TO_SAVE_TITLE || m.params[0] === String(title.index) || (name !== null && (m.params[1] ?? '').endsWith(name)),
  );
}

async function ripOne(env: RipEnv, title: ScannedTitle, position: number, progress: RipProgress): Promise<RippedFile | { titleIndex: number; message: string }> {
  const { ctx, outputDir } = env;
  let reportedName: string | null = title.outputFileName ?? null;
  if (reportedName) await rm(join(outputDir, reportedName), { force: true }); // a leftover of an earlier attempt is not this rip
  progress.startTitle(position);
  let saving = false;
  let sawValues = false;
  const run = await runMakemkvcon({
    exe: env.exe,
    args: mkvArgs(env.settings, env.source.argument, title.index, outputDir),
    ctx,
    stallSeconds: env.settings.stallTimeoutSeconds,
    outputDir,
    onLine: (line) => {
      if (isSavingStep(line)) saving = true;
      else if (line.kind === 'PRGV' && saving) {
        sawValues = true;
        progress.titleProgress(line.total / line.max);
      } else if (line.kind === 'TINFO' && line.title === title.index && line.attribute === Attr.OUTPUT_FILE_NAME) reportedName = line.value;
    },
    onGrowth: (bytes) => {
      if (!sawValues && title.sizeBytes > 0) progress.titleProgress(Math.min(0.99, bytes / title.sizeBytes));
    },
  });
  await stopIfFatal(env, run, run.newFiles, `ripping title ${title.index}`);
  let name = reportedName;
  let size = name ? await fileSize(join(outputDir, name)) : null;
  if ((size === null || size === 0) && run.newFiles.length === 1) {
    ctx.logger.warn(`MakeMKV wrote ${run.newFiles[0]} for title ${title.index}, not the reported ${reportedName ?? '(no name)'}`);
    name = run.newFiles[0]!;
    size = await fileSize(join(outputDir, name));
  }
  const messages = messagesFor(title, name, run.disc.messages);
  const finished = run.exitCode === 0 || copyCompleted(messages);
  const cut = name && size !== null && size > 0 ? await truncationText(outputDir, name) : null;
  if (name && size !== null && size > 0 && !saveFailed(messages) && finished && !cut) {
    progress.titleProgress(1);
    return { titleIndex: title.index, path: join(outputDir, name), sizeBytes: size };
  }
  await removeAll(outputDir, run.newFiles);
  const last = lastMessage(run.disc.messages);
  const why =
    titleFailureText(messages) ??
    cut ??
    (name && size !== null && size > 0
      ? `makemkvcon ${endedText(run)} without saying the copy completed`
      : `MakeMKV reported no output file${name ? ` (${name} is missing)` : ''}; makemkvcon ${endedText(run)}${last ? `, last message "${last.message}"` : ''}`);
  return { titleIndex: title.index, message: why };
}

async function ripEach(env: RipEnv, titles: ScannedTitle[]): Promise<RipResult> {
  const progress = new RipProgress(titles, (u) => env.ctx.progress.report(u));
  const result: RipResult = { files: [], failed: [] };
  for (const [position, title] of titles.entries()) {
    throwIfAborted(env.ctx.signal);
    const outcome = await ripOne(env, title, position, progress);
    if ('path' in outcome) {
      result.files.push(outcome);
      env.saved(outcome);
    } else {
      env.ctx.logger.warn(`title ${title.index} was not ripped: ${outcome.message}`);
      result.failed.push(outcome);
    }
  }
  progress.finish();
  return result;
}

async function ripEverything(env: RipEnv, requested: ScannedTitle[]): Promise<RipResult> {
  const titles = [...requested].sort((a, b) => a.index - b.index);
  const { ctx, outputDir } = env;
  for (const t of titles) if (t.outputFileName) await rm(join(outputDir, t.outputFileName), { force: true });
  const progress = new RipProgress(titles, (u) => ctx.progress.report(u));
  progress.startTitle(0);
  let saving = false;
  let position = 0;
  let sawValues = false;
  const totalBytes = titles.reduce((sum, t) => sum + t.sizeBytes, 0);
  // A title is whole once MakeMKV moved on to the next one: checked (size, no failure, header) and announced at once.
  const messages: MsgLine[] = [];
  const announced = new Map<number, RippedFile>();
  let checks: Promise<void> = Promise.resolve();
  const announceBefore = (next: number) => {
    for (const title of titles.slice(0, next)) {
      if (announced.has(title.index) || !title.outputFileName) continue;
      const seen = [...messages];
      announced.set(title.index, { titleIndex: title.index, path: '', sizeBytes: 0 });
      checks = checks.then(async () => {
        const file = await wholeFile(outputDir, title, seen);
        if (file) {
          announced.set(title.index, file);
          env.saved(file);
        } else announced.delete(title.index);
      });
    }
  };
  const run = await runMakemkvcon({
    exe: env.exe,
    args: mkvArgs(env.settings, env.source.argument, 'all', outputDir),
    ctx,
    stallSeconds: env.settings.stallTimeoutSeconds,
    outputDir,
    onLine: (line) => {
      if (line.kind === 'MSG') messages.push(line);
      if (line.kind === 'PRGC' && line.code === Progress.SAVING_TO_MKV) {
        position = Math.min(line.id, titles.length - 1);
        announceBefore(position);
      }
      if (isSavingStep(line)) saving = true;
      else if (line.kind === 'PRGV' && saving) {
        sawValues = true;
        progress.overallProgress(line.total / line.max, position);
      }
    },
    onGrowth: (bytes) => {
      if (!sawValues && totalBytes > 0) progress.overallProgress(Math.min(0.99, bytes / totalBytes), position);
    },
  });
  await checks;
  const unfinished = run.newFiles.filter((n) => !titles.slice(0, position).some((t) => t.outputFileName === n));
  await stopIfFatal(env, run, unfinished, 'ripping all titles');
  const result: RipResult = { files: [], failed: [] };
  for (const title of titles) {
    const early = announced.get(title.index);
    if (early) {
      result.files.push(early); // announced as whole: never taken back
      continue;
    }
    const name = title.outputFileName ?? null;
    const size = name ? await fileSize(join(outputDir, name)) : null;
    const own = run.disc.messages.filter((m) => m.code === Msg.FAILED_TO_SAVE_TITLE && messagesFor(title, name, [m]).length > 0);
    const cut = name && size !== null && size > 0 ? await truncationText(outputDir, name) : null;
    if (name && size !== null && size > 0 && own.length === 0 && !cut) {
      const file = { titleIndex: title.index, path: join(outputDir, name), sizeBytes: size };
      result.files.push(file);
      env.saved(file);
    } else {
      if (name) await rm(join(outputDir, name), { force: true });
      const why = own.length > 0 ? titleFailureText([...own, ...run.disc.messages.filter((m) => m.code === Msg.READ_ERROR)]) : cut;
      result.failed.push({ titleIndex: title.index, message: why ?? `MakeMKV reported no output file for title ${title.index}${name ? ` (${name} is missing)` : ''}` });
    }
  }
  const stray = run.newFiles.filter((n) => !titles.some((t) => t.outputFileName === n));
  if (stray.length > 0) ctx.logger.warn('MakeMKV wrote files no title reported', { files: stray.map((n) => basename(n)) });
  progress.finish();
  return result;
}

/** The file of a title of an `all` run that MakeMKV has moved past, when it is whole (no failure said for it, header complete). */
async function wholeFile(outputDir: string, title: ScannedTitle, messages: readonly MsgLine[]): Promise<RippedFile | null> {
  const name = title.outputFileName!;
  const size = await fileSize(join(outputDir, name));
  if (size === null || size === 0) return null;
  if (messages.some((m) => m.code === Msg.FAILED_TO_SAVE_TITLE && messagesFor(title, name, [m]).length > 0)) return null;
  if (await truncationText(outputDir, name)) return null;
  return { titleIndex: title.index, path: join(outputDir, name), sizeBytes: size };
}

/** True when the request is every title of the last scan of this source (same --minlength). */
async function isEveryTitle(ctx: StageContext, source: MakemkvSource, settings: MakemkvSettings, titles: ScannedTitle[]): Promise<boolean> {
  const remembered = (await ctx.store.get(scanKey(source))) as RememberedScan | undefined;
  if (!remembered || remembered.minLength !== settings.minLengthSeconds || titles.length < 2) return false;
  const wanted = new Set(titles.map((t) => t.index));
  return wanted.size === remembered.indices.length && remembered.indices.every((i) => wanted.has(i)) && titles.every((t) => t.outputFileName);
}

export async function ripTitles(request: RipRequest, ctx: StageContext): Promise<RipResult> {
  throwIfAborted(ctx.signal);
  if (request.titles.length === 0) return { files: [], failed: [] };
  const source = makemkvSourceFor(request.source);
  await assertSourceExists(source);
  const exe = await locateMakemkvcon(ctx);
  const settings = readSettings(ctx.settings);
  try {
    await mkdir(request.outputDir, { recursive: true });
  } catch (error) {
    throw new RipperError('output_folder_unusable', `Cannot create the output folder ${request.outputDir}: ${(error as Error).message}`, { cause: error });
  }
  const env: RipEnv = { ctx, exe, source, settings, outputDir: request.outputDir, saved: (file) => request.onTitleSaved?.(file) };
  const every = await isEveryTitle(ctx, source, settings, request.titles);
  ctx.logger.info(`Ripping ${request.titles.length} title(s) from ${source.argument}`, { titles: request.titles.map((t) => t.index), all: every });
  return every ? ripEverything(env, request.titles) : ripEach(env, request.titles);
}
