/**
 * The safety rules of matching on the degradation corpus (test/corpus/degraded-corpus.ts), with the
 * real matcher, real pocketsphinx and the disc-wide pass: on a disc with condensed, shifted
 * subtitles, recurring names and two extras, no episode is auto-accepted wrongly, an extra is never
 * auto-accepted as an episode and never sends the job to review, and review candidates are listed
 * by score. (How many are auto-accepted is measured by `npm run bench:accuracy`, not asserted here.)
 * Transcripts are cached on disk by title file, chunk, conditioning and model (degraded-matching.ts),
 * so a second run skips recognition.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pocketsphinx } from './corpus/corpus-matching.ts';
import { buildDegradedCorpus } from './corpus/degraded-corpus.ts';
import { CachedTranscriber, matchDisc, tallyOutcomes, type TitleOutcome } from './corpus/degraded-matching.ts';

let outcomes: TitleOutcome[] = [];

beforeAll(async () => {
  const corpus = await buildDegradedCorpus();
  const transcriber = new CachedTranscriber(await pocketsphinx());
  outcomes = await matchDisc(corpus.seasons[0]!, 'clean', transcriber);
  console.log(
    outcomes
      .map(
        (o) =>
          `t${o.titleIndex}\t${o.truth.kind === 'episode' ? `E${o.truth.episode}` : o.truth.kind}\t${o.state}\t${o.episode ?? '—'} ${o.confidence ?? ''}`,
      )
      .join('\n'),
  );
}, 3_600_000);

describe('matching on a degraded disc (pocketsphinx, disc-wide pass)', () => {
  it('never auto-accepts a wrong episode', () => {
    for (const o of outcomes.filter((x) => x.truth.kind === 'episode')) {
      if (o.state === 'matched')
        expect(o.episode, `title ${o.titleIndex}`).toBe((o.truth as { episode: number }).episode);
    }
    expect(tallyOutcomes(outcomes).wrongAuto).toBe(0);
  });

  it('keeps extras extras: never auto-accepted as an episode, never a reason for review', () => {
    const extras = outcomes.filter((o) => o.truth.kind === 'extra');
    expect(extras.length).toBe(2);
    expect(extras.some((o) => o.result !== null)).toBe(true); // the long one was listened to
    for (const o of extras) {
      expect(o.state, `extra t${o.titleIndex}`).toBe('matched');
      expect(o.result?.kind ?? 'extra', `extra t${o.titleIndex}`).toBe('extra');
    }
  });

  it("lists every title's candidates by score and names the joint-assignment component", () => {
    const episodes = outcomes.filter((o) => o.truth.kind === 'episode' && o.result);
    expect(episodes.length).toBeGreaterThan(0);
    for (const o of episodes) {
      const scores = o.result!.candidates.map((c) => c.score);
      expect(scores, `title ${o.titleIndex}`).toEqual([...scores].sort((a, b) => b - a));
      expect(o.result!.components.map((c) => c.name)).toContain('joint_assignment');
    }
  });
});
