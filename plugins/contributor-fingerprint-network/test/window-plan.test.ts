import { describe, expect, it } from 'vitest';
import { fingerprintWindowStarts, WINDOW_SECONDS, WINDOWS_PER_TITLE } from '../src/window-plan.ts';

describe('fingerprint window plan', () => {
  it('takes six contiguous 30 s windows centred on the middle of an episode', () => {
    const starts = fingerprintWindowStarts(22 * 60);
    expect(starts).toEqual([570, 600, 630, 660, 690, 720]);
    expect((starts[0]! + starts.at(-1)! + WINDOW_SECONDS) / 2).toBe(660);
  });

  it('keeps the windows overlapping for another release that starts 10–30 s later', () => {
    for (const lead of [10, 20, 30]) {
      const original = fingerprintWindowStarts(1320);
      const other = fingerprintWindowStarts(1320 + lead).map((s) => s - lead); // in the original's time
      const overlap = Math.min(original.at(-1)!, other.at(-1)!) + WINDOW_SECONDS - Math.max(original[0]!, other[0]!);
      expect(overlap).toBeGreaterThanOrEqual(WINDOWS_PER_TITLE * WINDOW_SECONDS - lead);
    }
  });

  it('uses what a short title has and nothing below 30 s', () => {
    expect(fingerprintWindowStarts(100)).toEqual([5, 35, 65]);
    expect(fingerprintWindowStarts(30)).toEqual([0]);
    expect(fingerprintWindowStarts(29)).toEqual([]);
    expect(fingerprintWindowStarts(Number.NaN)).toEqual([]);
  });
});
