/**
 * Turns what makemkvcon said into errors a user can act on: an expired license or build, a disc
 * that cannot be opened (5010), disc read errors, a stalled process (3032 region mismatch hangs),
 * and a scan that ended without a title list. Raw tool output is quoted, never the only text.
 */
import { RipperError } from '@spindle/plugin-sdk';
import { LICENSE_EXPIRED_CODES, Msg } from './robot-codes.ts';
import type { MsgLine } from './robot-line-parser.ts';

const EXPIRED_TEXT =
  /evaluation period has expired|version is too old|key has expired|registration key (?:is )?(?:invalid|incorrect|not valid)/i;

/** The message that says MakeMKV refuses to work (expired evaluation, expired beta, bad key). */
export function licenseProblem(messages: readonly MsgLine[]): MsgLine | null {
  return messages.find((m) => LICENSE_EXPIRED_CODES.has(m.code) || EXPIRED_TEXT.test(m.message)) ?? null;
}

export function regionMismatch(messages: readonly MsgLine[]): MsgLine | null {
  return messages.find((m) => m.code === Msg.REGION_MISMATCH) ?? null;
}

export function readErrors(messages: readonly MsgLine[]): MsgLine[] {
  return messages.filter(
    (m) => m.code === Msg.READ_ERROR || /error .* occurred while reading|medium error|uncorrectable/i.test(m.message),
  );
}

function quote(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return `"${clean.length > 300 ? `${clean.slice(0, 297)}...` : clean}"`;
}

/** The last message worth quoting (not the start banner). */
export function lastMessage(messages: readonly MsgLine[]): MsgLine | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.code !== Msg.STARTED && m.code !== Msg.OPERATION_SUCCESSFUL) return m;
  }
  return null;
}

const REGION_ADVICE =
  'the disc region does not match the drive region; rip it in a drive set to the disc region or a region-free drive';

/** A failure that ends the whole scan or rip (license, unreadable disc); null when there is none. */
export function fatalFailure(messages: readonly MsgLine[], target: string): RipperError | null {
  const license = licenseProblem(messages);
  if (license) {
    return new RipperError(
      'ripper_license_expired',
      `MakeMKV cannot rip: ${quote(license.message)} (message ${license.code}). Enter a current registration key (ripper_key) or install the latest MakeMKV, then retry.`,
      { details: { code: license.code } },
    );
  }
  const open = messages.find((m) => m.code === Msg.FAILED_TO_OPEN_DISC);
  if (open) {
    const region = regionMismatch(messages);
    const reads = readErrors(messages);
    const why = region
      ? `; ${REGION_ADVICE}`
      : reads.length > 0
        ? `; the drive reported read errors (${quote(reads.at(-1)!.message)}) — clean the disc and retry`
        : '';
    return new RipperError(
      'disc_open_failed',
      `MakeMKV could not open the disc in ${target} (message 5010 "Failed to open disc")${why}. Check that a readable disc is in the drive and that the drive is reachable (containers need both /dev/srN and /dev/sgN).`,
      { retryable: !region, details: { code: Msg.FAILED_TO_OPEN_DISC } },
    );
  }
  return null;
}

/** True when the messages say a title was not saved (5003, or a copy summary with failures). */
export function saveFailed(messages: readonly MsgLine[]): boolean {
  return messages.some(
    (m) =>
      m.code === Msg.FAILED_TO_SAVE_TITLE ||
      ((m.code === Msg.COPY_COMPLETE_FAILED || m.code === Msg.COPY_COMPLETE_WITH_FAILURES) &&
        Number(m.params[1] ?? 0) > 0),
  );
}

/**
 * Why a title produced no file, from the messages printed while it was ripped: read errors
 * first (they are the cause), then MakeMKV's own failure message. Read errors MakeMKV recovered
 * from do not fail a title by themselves — only `saveFailed` or a missing file does.
 */
export function titleFailureText(messages: readonly MsgLine[]): string | null {
  const reads = readErrors(messages);
  if (reads.length > 0) return `disc read error: ${quote(reads.at(-1)!.message)} — clean the disc and retry`;
  const failedSave = messages.find((m) => m.code === Msg.FAILED_TO_SAVE_TITLE);
  if (failedSave) return `MakeMKV: ${quote(failedSave.message)}`;
  const copy = messages.find(
    (m) =>
      (m.code === Msg.COPY_COMPLETE_FAILED || m.code === Msg.COPY_COMPLETE_WITH_FAILURES) &&
      Number(m.params[1] ?? 0) > 0,
  );
  if (copy) return `MakeMKV: ${quote(copy.message)}`;
  return null;
}

export function stalledError(options: { seconds: number; doing: string; messages: readonly MsgLine[] }): RipperError {
  const region = regionMismatch(options.messages);
  const last = lastMessage(options.messages);
  let message = `makemkvcon made no progress for ${options.seconds} s while ${options.doing} and was stopped`;
  if (region) message += `; it reported a region mismatch before hanging (${quote(region.message)}): ${REGION_ADVICE}`;
  else if (last) message += ` (last message: ${quote(last.message)})`;
  return new RipperError('ripper_stalled', message, {
    retryable: !region,
    details: { stallSeconds: options.seconds, regionMismatch: region !== null },
  });
}

/** A scan that ended without a title list (or with none), with the best explanation available. */
export function scanFailed(options: {
  target: string;
  exitCode: number | null;
  messages: readonly MsgLine[];
  stderr: string;
}): RipperError {
  const last = lastMessage(options.messages);
  const stderr = options.stderr.trim().split(/\r?\n/).at(-1) ?? '';
  const detail = last ? quote(last.message) : stderr ? quote(stderr) : 'no message';
  return new RipperError(
    'ripper_scan_failed',
    `makemkvcon could not scan the disc in ${options.target} (exit code ${options.exitCode ?? 'none'}): ${detail}`,
    {
      retryable: true,
    },
  );
}
