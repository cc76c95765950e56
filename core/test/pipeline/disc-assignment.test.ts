import type { MatchResult } from '@spindle/plugin-sdk';
import { sampleEpisodeMatch } from '@spindle/plugin-sdk/testing';
import { describe, expect, it } from 'vitest';
import { decideDisc, type DiscTitle } from '../../src/pipeline/steps/disc-assignment.ts';

const NO_RANGE = { episodeEnd: null, edition: null };

/** A matcher's answer: the first candidate is its pick, the rest runners-up (episode → probability). */
function result(candidates: [number, number][]): MatchResult {
  const [[episode, confidence]] = candidates as [[number, number]];
  return sampleEpisodeMatch(1, episode, {
    confidence,
    components: [{ name: 'separation', value: 0.5, weight: 1 }],
    candidates: candidates.map(([e, score]) => ({ kind: 'episode', season: 1, episode: e, ...NO_RANGE, score })),
  });
}
const title = (id: number, candidates: [number, number][], extra: Partial<DiscTitle> = {}): DiscTitle => ({
  id,
  isExtra: false,
  result: result(candidates),
  ...extra,
});

describe('disc-wide assignment', () => {
  it('accepts titles that each clearly claim a different episode, though none is sure alone', () => {
    const titles = Array.from({ length: 8 }, (_, i) =>
      title(i + 1, [
        [i + 1, 0.66],
        [((i + 1) % 8) + 1, 0.1],
        [((i + 2) % 8) + 1, 0.08],
      ]),
    );
    const out = decideDisc(titles, 0.7);
    for (const t of titles) {
      const d = out.get(t.id)!;
      expect(d.state, `title ${t.id}`).toBe('matched');
      expect(d.result).toMatchObject({ episode: t.id });
      expect(d.result!.confidence).toBeGreaterThan(0.66);
      expect(d.result!.components.at(-1)).toMatchObject({ name: 'joint_assignment' });
      expect(d.result!.components.at(-1)!.detail).toContain('claimed by no other title');
    }
  });

  it('moves a title off an episode another title holds firmly, towards the one left over', () => {
    const titles = [
      ...Array.from({ length: 7 }, (_, i) => title(i + 1, [[i + 1, 0.97]])),
      title(8, [
        [3, 0.4],
        [8, 0.38],
      ]),
    ];
    const d = decideDisc(titles, 0.7).get(8)!;
    expect(d.result).toMatchObject({ episode: 8 });
    expect(d.result!.candidates[0]).toMatchObject({ episode: 8 });
    expect(d.result!.confidence).toBeGreaterThan(0.38);
    expect(d.state).toBe('review'); // moved off its own pick: a person confirms
    expect(decideDisc(titles, 0.7).get(3)).toMatchObject({ state: 'matched', result: { episode: 3 } });
  });

  it('sends two titles claiming one episode to review, each naming the other', () => {
    const out = decideDisc(
      [
        title(1, [
          [2, 0.6],
          [3, 0.1],
        ]),
        title(2, [
          [2, 0.6],
          [4, 0.1],
        ]),
        title(3, [[5, 0.95]]),
      ],
      0.7,
    );
    expect(out.get(1)).toMatchObject({ state: 'review', contestedWith: [2], contestedEpisode: 'S01E02' });
    expect(out.get(2)).toMatchObject({ state: 'review', contestedWith: [1] });
    expect(out.get(3)!.state).toBe('matched');
  });

  it('never lets two titles keep one episode, even with a low threshold', () => {
    const out = decideDisc([title(1, [[2, 0.5]]), title(2, [[2, 0.5]])], 0.2);
    expect([...out.values()].filter((d) => d.state === 'matched' && d.result?.episode === 2).length).toBeLessThan(2);
  });

  it('keeps extras extras: matched as extras (never review) unless the matcher said episode at auto-accept; one no matcher could judge waits like any unmatched title', () => {
    const out = decideDisc(
      [
        title(
          1,
          [
            [4, 0.32],
            [2, 0.4],
          ],
          { isExtra: true },
        ),
        { id: 2, isExtra: true, result: null },
        title(3, [[6, 0.97]], { isExtra: true }),
        title(4, [[4, 0.9]]),
      ],
      0.7,
    );
    expect(out.get(1)).toMatchObject({ state: 'matched', result: { kind: 'extra', episode: null } });
    expect(out.get(2)).toMatchObject({ state: 'review', result: null });
    expect(out.get(3)).toMatchObject({ state: 'matched', result: { kind: 'episode', episode: 6 } });
    expect(out.get(4)).toMatchObject({ state: 'matched', result: { episode: 4 } });
  });

  it("leaves a person's decision alone and lets it hold its episode", () => {
    const decided = { ...title(1, [[5, 1]]), decided: true };
    const out = decideDisc(
      [
        decided,
        title(2, [
          [5, 0.8],
          [6, 0.15],
        ]),
      ],
      0.7,
    );
    expect(out.get(1)).toMatchObject({ state: 'matched', result: decided.result });
    expect(out.get(2)!.result).toMatchObject({ episode: 6 });
    expect(out.get(2)!.state).toBe('review');
  });

  it('lists review candidates by their disc-wide score', () => {
    const d = decideDisc(
      [
        title(1, [
          [1, 0.3],
          [2, 0.25],
          [3, 0.2],
        ]),
        title(2, [[1, 0.9]]),
      ],
      0.7,
    ).get(1)!;
    const scores = d.result!.candidates.map((c) => c.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(d.result!.candidates[0]!.episode).not.toBe(1);
  });
});

describe('disc-wide assignment with candidate scores that are not probabilities', () => {
  it('never lowers a pick no other title claims below the title’s own confidence', () => {
    // A disc-order matcher: its pick at 0.9, each neighbour at 0.3 (the scores sum past 1).
    const titles = [1, 2, 3].map((e) =>
      title(e, [[e, 0.9], ...(e > 1 ? [[e - 1, 0.3] as [number, number]] : []), [e + 1, 0.3]]),
    );
    const out = decideDisc(titles, 0.7);
    for (const t of titles) {
      const d = out.get(t.id)!;
      expect(d.state, `title ${t.id}`).toBe('matched');
      expect(d.result).toMatchObject({ episode: t.id });
      expect(d.result!.confidence).toBeGreaterThanOrEqual(0.9);
    }
  });
});
