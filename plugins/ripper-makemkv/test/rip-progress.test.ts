import { describe, expect, it } from 'vitest';
import type { ProgressUpdate } from '@spindle/plugin-sdk';
import { RipProgress } from '../src/rip-progress.ts';
import { StallWatchdog } from '../src/stall-watchdog.ts';

function clock() {
  let t = 0;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

describe('RipProgress', () => {
  const titles = [
    { index: 3, durationSeconds: 1200, sizeBytes: 3_000_000_000 },
    { index: 7, durationSeconds: 600, sizeBytes: 1_000_000_000 },
  ];

  it('weights titles by size and reports speed ×realtime, ETA and the current title', () => {
    const c = clock();
    const updates: ProgressUpdate[] = [];
    const progress = new RipProgress(titles, (u) => updates.push(u), { now: c.now, minIntervalMs: 0 });
    progress.startTitle(0);
    c.advance(100_000);
    progress.titleProgress(0.5); // 600 media seconds in 100 s
    expect(updates.at(-1)).toEqual({ fraction: 0.375, speed: 6, etaSeconds: 167, currentTitle: 3 });
    progress.startTitle(1);
    expect(updates.at(-1)).toMatchObject({ fraction: 0.75, currentTitle: 7 });
    c.advance(50_000);
    progress.titleProgress(0.5);
    expect(updates.at(-1)).toEqual({ fraction: 0.875, speed: 10, etaSeconds: 21, currentTitle: 7 });
    progress.finish();
    expect(updates.at(-1)).toMatchObject({ fraction: 1, etaSeconds: 0 });
  });

  it('never goes backwards, stays within 0–1 and throttles', () => {
    const c = clock();
    const updates: ProgressUpdate[] = [];
    const progress = new RipProgress(titles, (u) => updates.push(u), { now: c.now, minIntervalMs: 200 });
    progress.startTitle(0);
    for (let i = 1; i <= 100; i++) {
      c.advance(10);
      progress.titleProgress(i % 10 === 0 ? 0.1 : i / 100); // PRGV restarting at a new phase must not pull it back
    }
    progress.titleProgress(7);
    const fractions = updates.map((u) => u.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(Math.max(...fractions)).toBeLessThanOrEqual(1);
    expect(updates.length).toBeLessThan(10);
  });

  it('follows one run over every title (mkv … all)', () => {
    const updates: ProgressUpdate[] = [];
    const progress = new RipProgress(titles, (u) => updates.push(u), { minIntervalMs: 0 });
    progress.overallProgress(0.25, 0);
    progress.overallProgress(0.9, 1);
    expect(updates.map((u) => [u.fraction, u.currentTitle])).toEqual([
      [0.25, 3],
      [0.9, 7],
    ]);
  });

  it('weights by duration, then equally, when sizes are unknown', () => {
    const updates: ProgressUpdate[] = [];
    const byDuration = new RipProgress(
      [
        { index: 0, durationSeconds: 300, sizeBytes: 0 },
        { index: 1, durationSeconds: 100, sizeBytes: 0 },
      ],
      (u) => updates.push(u),
      { minIntervalMs: 0 },
    );
    byDuration.startTitle(1);
    expect(updates.at(-1)!.fraction).toBe(0.75);
    const equal = new RipProgress(
      [
        { index: 0, durationSeconds: 0, sizeBytes: 0 },
        { index: 1, durationSeconds: 0, sizeBytes: 0 },
      ],
      (u) => updates.push(u),
      { minIntervalMs: 0 },
    );
    equal.startTitle(1);
    expect(updates.at(-1)!.fraction).toBe(0.5);
  });
});

describe('StallWatchdog', () => {
  it('fires once after the timeout without a touch, never while touched', () => {
    const c = clock();
    let fired = 0;
    const dog = new StallWatchdog(1000, () => fired++, c.now);
    for (let i = 0; i < 10; i++) {
      c.advance(900);
      dog.touch();
      dog.check();
    }
    expect(fired).toBe(0);
    c.advance(1000);
    dog.check();
    dog.check();
    expect(fired).toBe(1);
    expect(dog.stalled).toBe(true);
  });
});
