/**
 * Turns per-title progress (PRGV fractions, or the size of the growing output file when PRGV is
 * absent) into the job's progress: the overall fraction weighted by each title's size, speed
 * relative to realtime (media seconds ripped per wall-clock second, "2.3x"), the ETA, and the
 * title being ripped. Never goes backwards; reports at most every `minIntervalMs`.
 */
import type { ProgressUpdate } from '@spindle/plugin-sdk';

export interface ProgressTitle {
  index: number;
  durationSeconds: number;
  sizeBytes: number;
}

export interface RipProgressOptions {
  now?: () => number;
  minIntervalMs?: number;
}

export class RipProgress {
  private readonly weights: number[];
  private readonly totalWeight: number;
  private readonly startedAt: number;
  private readonly now: () => number;
  private readonly minIntervalMs: number;
  private position = 0;
  private titleFraction = 0;
  /** Set when one run rips every title: MakeMKV's own fraction of the whole run. */
  private runFraction: number | null = null;
  private best = 0;
  private lastReportAt = -Infinity;
  private lastReportedPosition = -1;

  constructor(
    private readonly titles: readonly ProgressTitle[],
    private readonly report: (update: ProgressUpdate) => void,
    options: RipProgressOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.minIntervalMs = options.minIntervalMs ?? 200;
    this.startedAt = this.now();
    const bySize = titles.length > 0 && titles.every((t) => t.sizeBytes > 0);
    const byDuration = titles.length > 0 && titles.every((t) => t.durationSeconds > 0);
    this.weights = titles.map((t) => (bySize ? t.sizeBytes : byDuration ? t.durationSeconds : 1));
    this.totalWeight = this.weights.reduce((a, b) => a + b, 0) || 1;
  }

  /** The title at `position` (in the request's order) starts; earlier ones count as done. */
  startTitle(position: number): void {
    this.position = Math.max(0, Math.min(position, this.titles.length - 1));
    this.titleFraction = 0;
    this.emit(true);
  }

  /** Progress within the current title, 0–1. */
  titleProgress(fraction: number): void {
    if (!Number.isFinite(fraction)) return;
    this.titleFraction = Math.max(this.titleFraction, Math.min(1, Math.max(0, fraction)));
    this.emit(false);
  }

  /**
   * Progress of one run that rips several titles (`mkv … all`): `fraction` of the whole run and
   * the position of the title being written.
   */
  overallProgress(fraction: number, position: number): void {
    if (!Number.isFinite(fraction)) return;
    this.position = Math.max(0, Math.min(position, this.titles.length - 1));
    this.runFraction = Math.max(this.runFraction ?? 0, Math.min(1, Math.max(0, fraction)));
    this.emit(false);
  }

  /** Reports 1 (all requested titles handled). */
  finish(): void {
    this.position = this.titles.length - 1;
    this.titleFraction = 1;
    if (this.runFraction !== null) this.runFraction = 1;
    this.best = 1;
    this.emit(true);
  }

  /** The current overall fraction, 0–1. */
  get fraction(): number {
    return this.best;
  }

  private doneWeight(): number {
    let sum = 0;
    for (let i = 0; i < this.position; i++) sum += this.weights[i]!;
    return sum;
  }

  private emit(force: boolean): void {
    if (this.titles.length === 0) return;
    const overall =
      this.runFraction ??
      (this.doneWeight() + (this.weights[this.position] ?? 0) * this.titleFraction) / this.totalWeight;
    this.best = Math.min(1, Math.max(this.best, overall));
    const now = this.now();
    const titleChanged = this.position !== this.lastReportedPosition;
    if (!force && !titleChanged && this.best < 1 && now - this.lastReportAt < this.minIntervalMs) return;
    this.lastReportAt = now;
    this.lastReportedPosition = this.position;
    const elapsed = (now - this.startedAt) / 1000;
    const ripped = this.rippedMediaSeconds();
    const speed = elapsed >= 0.5 && ripped > 0 ? ripped / elapsed : null;
    const etaSeconds =
      this.best >= 1 ? 0 : this.best > 0.001 && elapsed >= 0.5 ? (elapsed * (1 - this.best)) / this.best : null;
    this.report({
      fraction: this.best,
      speed: speed === null ? null : Math.round(speed * 100) / 100,
      etaSeconds: etaSeconds === null ? null : Math.round(etaSeconds),
      currentTitle: this.titles[this.position]!.index,
    });
  }

  /** Media seconds ripped so far: the titles done plus the share of the current one. */
  private rippedMediaSeconds(): number {
    if (this.runFraction !== null) return this.runFraction * this.titles.reduce((sum, t) => sum + t.durationSeconds, 0);
    let seconds = 0;
    for (let i = 0; i < this.position; i++) seconds += this.titles[i]!.durationSeconds;
    return seconds + (this.titles[this.position]?.durationSeconds ?? 0) * this.titleFraction;
  }
}
