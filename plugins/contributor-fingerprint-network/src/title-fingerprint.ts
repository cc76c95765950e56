/** One title's fingerprint: the planned windows from the configured fingerprinter, as one item stream. */
import { encodeFingerprint, throwIfAborted, type EncodedFingerprint, type Fingerprinter } from '@spindle/plugin-sdk';
import { fingerprintWindowStarts, WINDOW_SECONDS } from './window-plan.ts';

/** ≈10 s of audio: the network refuses anything shorter. */
export const MIN_ITEMS = 80;

export async function titleFingerprint(
  fingerprinter: Fingerprinter,
  title: { filePath: string; durationSeconds: number },
  signal: AbortSignal,
): Promise<EncodedFingerprint | null> {
  const windowStarts = fingerprintWindowStarts(title.durationSeconds);
  if (windowStarts.length === 0) return null;
  const windows = await fingerprinter.fingerprint({
    filePath: title.filePath,
    windowStarts,
    windowSeconds: WINDOW_SECONDS,
    signal,
  });
  throwIfAborted(signal);
  const items = windows.flatMap((w) => w.items);
  return items.length >= MIN_ITEMS ? await encodeFingerprint(items) : null;
}
