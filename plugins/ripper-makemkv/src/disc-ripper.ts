/**
 * Rip: only the requested titles. Each is ripped with its own `mkv <source> <index> <dir>` run;
 * a single `mkv <source> all <dir>` run is used only when every title of the last scan was
 * requested. Output files are the ones makemkvcon reports (TINFO 27 output file name, `_tNN`
 * kept apart from the index), checked on disk; a title without its file, with a failure
 * message, or whose file is shorter than its Matroska header says, is `failed` and its partial
 * file is deleted. Cancel and the watchdog delete the file
 * being written before the error propagates, so no partial file is ever claimed. The `all` run is
 * in rip-all-titles.ts; the checks both share are in rip-checks.ts.
 */
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  RipperError,
  throwIfAborted,
  type RippedFile,
  type RipRequest,
  type RipResult,
  type ScannedTitle,
  type StageContext,
} from '@spindle/plugin-sdk';
import { scanKey, assertSourceExists, type RememberedScan } from './disc-scanner.ts';
import { lastMessage, saveFailed, titleFailureText } from './makemkv-failures.ts';
import { mkvArgs, readSettings, type MakemkvSettings } from './makemkv-settings.ts';
import { makemkvSourceFor, type MakemkvSource } from './makemkv-source.ts';
import { locateMakemkvcon } from './makemkvcon-lookup.ts';
import { runMakemkvcon, type RunOutcome } from './makemkvcon-run.ts';
import { ripEverything } from './rip-all-titles.ts';
import {
  fileSize,
  isSavingStep,
  messagesFor,
  removeAll,
  stopIfFatal,
  truncationText,
  type RipEnv,
} from './rip-checks.ts';
import { Attr, Msg } from './robot-codes.ts';
import type { MsgLine } from './robot-line-parser.ts';
import { RipProgress } from './rip-progress.ts';

/** How a makemkvcon run ended, in words ("was killed by SIGSEGV (it crashed)" rather than "exit code null"). */
function endedText(run: RunOutcome): string {
  if (run.exitCode === null && run.signal)
    return `was killed by ${run.signal} (it crashed or was stopped from outside)`;
  return `ended with exit code ${run.exitCode}`;
}

function copyCompleted(messages: readonly MsgLine[]): boolean {
  return messages.some(
    (m) =>
      (m.code === Msg.COPY_COMPLETE ||
        m.code === Msg.COPY_COMPLETE_WITH_FAILURES ||
        m.code === Msg.COPY_COMPLETE_FAILED) &&
      Number(m.params[0] ?? 0) > 0,
  );
}

async function ripOne(
  env: RipEnv,
  title: ScannedTitle,
  position: number,
  progress: RipProgress,
): Promise<RippedFile | { titleIndex: number; message: string }> {
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
      } else if (line.kind === 'TINFO' && line.title === title.index && line.attribute === Attr.OUTPUT_FILE_NAME)
        reportedName = line.value;
    },
    onGrowth: (bytes) => {
      if (!sawValues && title.sizeBytes > 0) progress.titleProgress(Math.min(0.99, bytes / title.sizeBytes));
    },
  });
  await stopIfFatal(env, run, run.newFiles, `ripping title ${title.index}`);
  let name = reportedName;
  let size = name ? await fileSize(join(outputDir, name)) : null;
  if ((size === null || size === 0) && run.newFiles.length === 1) {
    ctx.logger.warn(
      `MakeMKV wrote ${run.newFiles[0]} for title ${title.index}, not the reported ${reportedName ?? '(no name)'}`,
    );
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

/** True when the request is every title of the last scan of this source (same --minlength). */
async function isEveryTitle(
  ctx: StageContext,
  source: MakemkvSource,
  settings: MakemkvSettings,
  titles: ScannedTitle[],
): Promise<boolean> {
  const remembered = (await ctx.store.get(scanKey(source))) as RememberedScan | undefined;
  if (!remembered || remembered.minLength !== settings.minLengthSeconds || titles.length < 2) return false;
  const wanted = new Set(titles.map((t) => t.index));
  return (
    wanted.size === remembered.indices.length &&
    remembered.indices.every((i) => wanted.has(i)) &&
    titles.every((t) => t.outputFileName)
  );
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
    throw new RipperError(
      'output_folder_unusable',
      `Cannot create the output folder ${request.outputDir}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const env: RipEnv = {
    ctx,
    exe,
    source,
    settings,
    outputDir: request.outputDir,
    saved: (file) => request.onTitleSaved?.(file),
  };
  const every = await isEveryTitle(ctx, source, settings, request.titles);
  ctx.logger.info(`Ripping ${request.titles.length} title(s) from ${source.argument}`, {
    titles: request.titles.map((t) => t.index),
    all: every,
  });
  return every ? ripEverything(env, request.titles) : ripEach(env, request.titles);
}
