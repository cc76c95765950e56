/**
 * Which audio of a title makes its fingerprint: SIX CONTIGUOUS 30-second windows (3 minutes, ≈1 450
 * chromaprint items, ≈7 KB on the wire) CENTRED ON THE MIDDLE OF THE TITLE. Why:
 * - The middle is what makes an episode itself. The start (cold open, theme song, studio logos,
 *   "previously on" recaps) and the end (credits) are shared by every episode of a show or differ
 *   between releases; the middle is neither.
 * - Another release of the same episode starts a little earlier or later (other logos, a recap
 *   more or less: typically 5–60 s) and is encoded differently. Three contiguous minutes around
 *   the middle still overlap by minutes when the offset is tens of seconds, and the network aligns
 *   fingerprints at any offset (it votes over item pairs, as AcoustID does), so the overlap — not the
 *   position — decides. Re-encoding flips a few percent of the bits (bit error rate ≈ 0.03–0.1),
 *   far from the ≈ 0.5 of unrelated audio.
 * - Contiguous windows make one continuous item stream: alignment works across window borders and
 *   one ffmpeg pass reads them all. Titles shorter than three minutes give what they have.
 */
export const WINDOW_SECONDS = 30;
export const WINDOWS_PER_TITLE = 6;
/** Below this, a title has too little audio to identify anything. */
export const MIN_TITLE_SECONDS = WINDOW_SECONDS;

export function fingerprintWindowStarts(durationSeconds: number): number[] {
  if (!Number.isFinite(durationSeconds) || durationSeconds < MIN_TITLE_SECONDS) return [];
  const count = Math.min(WINDOWS_PER_TITLE, Math.floor(durationSeconds / WINDOW_SECONDS));
  const span = count * WINDOW_SECONDS;
  const first = Math.max(0, Math.min(durationSeconds - span, durationSeconds / 2 - span / 2));
  return Array.from({ length: count }, (_, k) => Math.round((first + k * WINDOW_SECONDS) * 1000) / 1000);
}
