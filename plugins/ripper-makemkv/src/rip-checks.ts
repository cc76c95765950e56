/**
 * What ripping title by title (disc-ripper.ts) and ripping all titles in one run (rip-all-titles.ts)
 * share: the environment of a rip, which progress lines are the saving step, and the checks of what
 * makemkvcon left on disk (size, truncation, the failure messages of a title), with the stop on
 * cancel, a stall or a disc-level failure.
 */
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { throwIfAborted, type RippedFile, type ScannedTitle, type StageContext } from '@spindle/plugin-sdk';
import { fatalFailure, stalledError } from './makemkv-failures.ts';
import type { MakemkvSettings } from './makemkv-settings.ts';
import type { MakemkvSource } from './makemkv-source.ts';
import type { RunOutcome } from './makemkvcon-run.ts';
import { mkvTruncation } from './mkv-completeness.ts';
import { Msg, Progress } from './robot-codes.ts';
import type { MsgLine, RobotLine } from './robot-line-parser.ts';

export interface RipEnv {
  ctx: StageContext;
  exe: string;
  source: MakemkvSource;
  settings: MakemkvSettings;
  outputDir: string;
  /** The host's "this title's file is complete" callback (RipRequest.onTitleSaved). */
  saved: (file: RippedFile) => void;
}

export const isSavingStep = (line: RobotLine): boolean =>
  (line.kind === 'PRGT' && (line.code === Progress.SAVING_ALL_TITLES || /sav/i.test(line.name))) ||
  (line.kind === 'PRGC' && (line.code === Progress.SAVING_TO_MKV || /sav/i.test(line.name)));

export async function fileSize(path: string): Promise<number | null> {
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? info.size : null;
}

/** Why a file makemkvcon reported as saved is not whole (see mkv-completeness.ts); null when it is. */
export async function truncationText(dir: string, name: string): Promise<string | null> {
  const cut = await mkvTruncation(join(dir, name)).catch(() => null);
  return cut
    ? `${name} is truncated: MakeMKV reported it saved, but it has ${cut.actual} of the ${cut.expected} bytes its Matroska header announces`
    : null;
}

export async function removeAll(dir: string, names: readonly string[]): Promise<void> {
  await Promise.all(names.map((n) => rm(join(dir, n), { force: true })));
}

/** Stops on cancel, a stall or a disc-level failure, deleting `partial` first. */
export async function stopIfFatal(
  env: RipEnv,
  run: RunOutcome,
  partial: readonly string[],
  doing: string,
): Promise<void> {
  if (!run.aborted && !run.stalled && !fatalFailure(run.disc.messages, env.source.target)) return;
  await removeAll(env.outputDir, partial);
  throwIfAborted(env.ctx.signal);
  if (run.stalled)
    throw stalledError({ seconds: env.settings.stallTimeoutSeconds, doing, messages: run.disc.messages });
  throw fatalFailure(run.disc.messages, env.source.target)!;
}

/** The messages of a run that concern `title` (5003 names it) plus the run-wide ones. */
export function messagesFor(title: ScannedTitle, name: string | null, messages: readonly MsgLine[]): MsgLine[] {
  return messages.filter(
    (m) =>
      m.code !== Msg.FAILED_TO_SAVE_TITLE ||
      m.params[0] === String(title.index) ||
      (name !== null && (m.params[1] ?? '').endsWith(name)),
  );
}
