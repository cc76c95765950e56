/** What the end-to-end scenario checks again and again: rip progress on /ws, titles accounted for, files copied, durations. */
import { existsSync } from 'node:fs';
import { expect } from 'vitest';
import type { FixtureDisc } from './fixture-discs.ts';
import { service, SHORT_TITLE_SECONDS, titlesOf, ws } from './e2e-world.ts';

/** The job_update messages of a job, in the order the WebSocket delivered them. */
export const updatesOf = (id: number) => ws.messages.filter((m) => m.type === 'job_update' && m.job_id === id);

/** What the WebSocket showed of a rip: progress between 0 and 100 with speed and ETA, never going back. */
export function expectRipProgress(id: number, titlesRipped: number): void {
  const moving = updatesOf(id).filter(
    (m) => m.state === 'ripping' && (m.progress_percent as number) > 0 && (m.progress_percent as number) < 100,
  );
  expect(moving.length, `progress updates of job ${id}`).toBeGreaterThanOrEqual(titlesRipped);
  expect(
    moving.some((m) => /^\d+(\.\d+)?x$/.test(String(m.current_speed))),
    'a speed such as "86.2x"',
  ).toBe(true);
  expect(
    moving.some((m) => typeof m.eta_seconds === 'number' && (m.eta_seconds as number) >= 0),
    'an ETA',
  ).toBe(true);
  expect(moving.every((m) => m.total_titles === titlesRipped)).toBe(true);
  const percents = moving.map((m) => m.progress_percent as number);
  expect(percents).toEqual([...percents].sort((a, b) => a - b));
}

/** Where the first message for a job matching `what` sits in the WebSocket record (-1 when none). */
export const firstAt = (what: (m: Record<string, unknown>) => boolean) => ws.messages.findIndex(what);

export { mediaDuration as duration } from '../../support/make-media.ts';

/** The library files organizing wrote with a verified copy (not a rename), from the service's log. */
export const copiedFiles = () =>
  service
    .output()
    .split('\n')
    .filter((l) => l.includes('Organized title') && l.includes('"method":"copy"'))
    .map((l) => /"to":"([^"]+)"/.exec(l)?.[1])
    .filter(Boolean);

/** Checks a disc's titles against what each one is: filed where it belongs, or accounted for. */
export async function expectDiscAccounted(
  disc: FixtureDisc,
  id: number,
  place: (t: FixtureDisc['titles'][number]) => string | null,
): Promise<void> {
  const titles = await titlesOf(id);
  expect(titles.map((t) => t.title_index)).toEqual(disc.titles.map((t) => t.index));
  for (const truth of disc.titles) {
    const row = titles.find((t) => t.title_index === truth.index)!;
    expect(Math.abs(row.duration_seconds - truth.seconds), `title ${truth.index} length`).toBeLessThanOrEqual(1);
    const where = place(truth);
    switch (truth.truth.kind) {
      case 'episode':
      case 'main_movie':
        expect(row, `title ${truth.index}`).toMatchObject({
          state: 'completed',
          selected: true,
          organized_path: where,
        });
        expect(existsSync(where!)).toBe(true);
        break;
      case 'play_all':
        expect(row, `title ${truth.index} (Play All)`).toMatchObject({
          state: 'pending',
          selected: false,
          role: 'play_all',
          organized_path: null,
        });
        break;
      case 'logo':
        expect(row, `title ${truth.index} (clip)`).toMatchObject({
          state: 'pending',
          selected: false,
          role: 'short',
          organized_path: null,
        });
        break;
      case 'extra':
        // Shorter than a real title (the heuristic's short_title_max_seconds): never ripped. Longer: ripped,
        // matched as an extra and left out of the library (extras_policy skip).
        if (truth.seconds < SHORT_TITLE_SECONDS)
          expect(row, `title ${truth.index} (short extra)`).toMatchObject({
            state: 'pending',
            selected: false,
            role: 'short',
            organized_path: null,
          });
        else
          expect(row, `title ${truth.index} (extra)`).toMatchObject({
            state: 'completed',
            selected: true,
            is_extra: true,
            organized_path: null,
            match_details: { kind: 'extra' },
          });
        break;
    }
  }
}
