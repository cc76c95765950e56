/**
 * Ripping every title of the last scan in one `mkv <source> all <dir>` run: a title is announced
 * saved as soon as MakeMKV moves on to the next one and its file is whole; at the end, each title
 * is kept or failed (its file deleted) by its file and its messages, and stray files are reported.
 */
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { RippedFile, RipResult, ScannedTitle } from '@spindle/plugin-sdk';
import { titleFailureText } from './makemkv-failures.ts';
import { mkvArgs } from './makemkv-settings.ts';
import { runMakemkvcon } from './makemkvcon-run.ts';
import { fileSize, isSavingStep, messagesFor, stopIfFatal, truncationText, type RipEnv } from './rip-checks.ts';
import { Msg, Progress } from './robot-codes.ts';
import type { MsgLine } from './robot-line-parser.ts';
import { RipProgress } from './rip-progress.ts';

export async function ripEverything(env: RipEnv, requested: ScannedTitle[]): Promise<RipResult> {
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
    const own = run.disc.messages.filter(
      (m) => m.code === Msg.FAILED_TO_SAVE_TITLE && messagesFor(title, name, [m]).length > 0,
    );
    const cut = name && size !== null && size > 0 ? await truncationText(outputDir, name) : null;
    if (name && size !== null && size > 0 && own.length === 0 && !cut) {
      const file = { titleIndex: title.index, path: join(outputDir, name), sizeBytes: size };
      result.files.push(file);
      env.saved(file);
    } else {
      if (name) await rm(join(outputDir, name), { force: true });
      const why =
        own.length > 0
          ? titleFailureText([...own, ...run.disc.messages.filter((m) => m.code === Msg.READ_ERROR)])
          : cut;
      result.failed.push({
        titleIndex: title.index,
        message:
          why ?? `MakeMKV reported no output file for title ${title.index}${name ? ` (${name} is missing)` : ''}`,
      });
    }
  }
  const stray = run.newFiles.filter((n) => !titles.some((t) => t.outputFileName === n));
  if (stray.length > 0)
    ctx.logger.warn('MakeMKV wrote files no title reported', { files: stray.map((n) => basename(n)) });
  progress.finish();
  return result;
}

/** The file of a title of an `all` run that MakeMKV has moved past, when it is whole (no failure said for it, header complete). */
async function wholeFile(
  outputDir: string,
  title: ScannedTitle,
  messages: readonly MsgLine[],
): Promise<RippedFile | null> {
  const name = title.outputFileName!;
  const size = await fileSize(join(outputDir, name));
  if (size === null || size === 0) return null;
  if (messages.some((m) => m.code === Msg.FAILED_TO_SAVE_TITLE && messagesFor(title, name, [m]).length > 0))
    return null;
  if (await truncationText(outputDir, name)) return null;
  return { titleIndex: title.index, path: join(outputDir, name), sizeBytes: size };
}
