/**
 * Reads ffmpeg's `-progress pipe:1` output: blocks of `key=value` lines, each ended by
 * `progress=continue` (or `progress=end`). Turns a block into the fraction done (output time over
 * the input's duration), the speed (× realtime) and the time left.
 */
import type { ProgressUpdate } from '@spindle/plugin-sdk';

export interface ProgressBlock {
  outTimeSeconds: number | null;
  /** ffmpeg's own speed figure (`speed=2.31x`), null when it says N/A. */
  speed: number | null;
  end: boolean;
}

/** `00:01:02.500000` → 62.5 */
function clockSeconds(text: string): number | null {
  const m = /^(-?\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text.trim());
  if (!m) return null;
  const value = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return Number.isFinite(value) && value >= 0 ? value : null;
}

export class ProgressParser {
  private fields = new Map<string, string>();

  /** Feeds one line; returns a block when the line ended one. */
  push(line: string): ProgressBlock | null {
    const eq = line.indexOf('=');
    if (eq <= 0) return null;
    const key = line.slice(0, eq).trim();
    const value = line.slice(eq + 1).trim();
    if (key !== 'progress') {
      this.fields.set(key, value);
      return null;
    }
    const block = this.block(value === 'end');
    this.fields = new Map();
    return block;
  }

  private block(end: boolean): ProgressBlock {
    // out_time_us is microseconds; out_time_ms is too (a long-standing ffmpeg misnomer); out_time is a clock.
    const micros = Number(this.fields.get('out_time_us') ?? this.fields.get('out_time_ms'));
    const outTimeSeconds =
      Number.isFinite(micros) && micros >= 0 ? micros / 1e6 : clockSeconds(this.fields.get('out_time') ?? '');
    const speedText = /^([\d.]+)x$/.exec(this.fields.get('speed') ?? '');
    const speed = speedText ? Number(speedText[1]) : null;
    return { outTimeSeconds, speed: speed !== null && Number.isFinite(speed) && speed > 0 ? speed : null, end };
  }
}

/**
 * A progress report for one file from a block: fraction within 0–1, speed from ffmpeg (or media
 * time over wall time when ffmpeg has none yet), ETA from the media time left at that speed.
 */
export function toProgress(
  block: ProgressBlock,
  durationSeconds: number,
  elapsedSeconds: number,
): ProgressUpdate | null {
  if (block.end) return { fraction: 1, speed: block.speed, etaSeconds: 0 };
  if (block.outTimeSeconds === null || !(durationSeconds > 0)) return null;
  const done = Math.min(block.outTimeSeconds, durationSeconds);
  const speed = block.speed ?? (elapsedSeconds > 0 && done > 0 ? done / elapsedSeconds : null);
  return {
    fraction: Math.min(1, Math.max(0, done / durationSeconds)),
    speed,
    etaSeconds: speed ? (durationSeconds - done) / speed : null,
  };
}
