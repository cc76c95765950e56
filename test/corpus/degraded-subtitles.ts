/** The subtitles of the degradation corpus (degraded-corpus.ts): condensed, merged and shifted like a disc's. */
import { condense, type Random } from './dialogue-generator.ts';

export const pad = (n: number) => String(n).padStart(2, '0');

function srtTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  return `${pad(Math.floor(ms / 3600000))}:${pad(Math.floor(ms / 60000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${String(ms % 1000).padStart(3, '0')}`;
}

/** The disc's subtitles: lines merged, condensed, shifted by a per-episode offset (±3 s) and a little jitter. */
export function subtitles(cues: { start: number; end: number; text: string }[], r: Random): string {
  const offset = (r() * 2 - 1) * 3;
  const merged: { start: number; end: number; text: string }[] = [];
  for (let i = 0; i < cues.length; i++) {
    const cue = cues[i]!;
    const next = cues[i + 1];
    if (next && r() < 0.3) {
      merged.push({ start: cue.start, end: next.end, text: `${condense(cue.text, r)}\n${condense(next.text, r)}` });
      i++;
    } else merged.push({ ...cue, text: condense(cue.text, r) });
  }
  return merged
    .map((c, i) => {
      const jitter = (r() * 2 - 1) * 0.3;
      return `${i + 1}\n${srtTime(c.start + offset + jitter)} --> ${srtTime(c.end + offset + jitter)}\n${c.text}\n`;
    })
    .join('\n');
}
