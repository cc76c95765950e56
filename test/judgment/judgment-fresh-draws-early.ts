/**
 * The gates of the fresh held-out draws of seeds 43 to 55 (see `judgment-fresh-draws.ts`, which gathers every draw's
 * gates; the later draws are there).
 */
import { freshGates, type FreshDraw } from './judgment-gates.ts';

export const EARLIER_FRESH_DRAWS: FreshDraw[] = [
  // Episode recall 37/38 and one real episode marked don't-rip when first measured; 38/38 and 0 since the seventh round.
  {
    set: 'holdout-seed43',
    gates: freshGates({ 'extras typed right, no TheDiscDB match': 32 / 57 }),
    episodesNotRipped: 0,
  },
  {
    set: 'holdout-seed44',
    gates: freshGates({
      'TV vs movie right': 18 / 20,
      'TV vs movie right, strictly': 18 / 20,
      'main feature right, no catalog runtime': 7 / 8,
      'extras typed right, no TheDiscDB match': 16 / 31,
    }),
    episodesNotRipped: 0,
  },
  // TV vs movie 19/20 when first measured; 20/20 since the seventh round's bonus-disc rule.
  {
    set: 'holdout-seed45',
    gates: freshGates({
      'episode precision': 50 / 51,
      'episode precision, catalog type given': 50 / 51,
      'extras typed right, no TheDiscDB match': 13 / 37,
    }),
    episodesNotRipped: 0,
  },
  // Episode recall 27/34 (and 27/28 typed precision) when first measured; 33/34 since the seventh round's
  // two-parter and Play-All-member rules. TV vs movie 18/20, 19/20 since the twelfth round's bonus-disc kind (Hugo).
  {
    set: 'holdout-seed46',
    gates: freshGates({
      'TV vs movie right': 19 / 20,
      'TV vs movie right, strictly': 19 / 20,
      'episode recall': 33 / 34,
      'episode precision, catalog type given': 33 / 34,
      'episode recall, catalog type given': 33 / 34,
      'extras typed right, no TheDiscDB match': 26 / 44,
    }),
    episodesNotRipped: 0,
  },
  // Measured once, on the rules of the seventh round, and never read disc by disc (README "Fresh holdout, seed 47");
  // TV vs movie 17/20, episode recall 38/43, typed precision 41/42 and extras typed 26/59 then, raised by the eighth
  // round's rules; TV vs movie 20/20, recall 43/43 and no series disc called a movie since the twelfth round's
  // episode-and-two-parter rule (Battlestar Galactica 4.5 disc 4).
  {
    set: 'holdout-seed47',
    gates: freshGates({
      'extras typed right, no TheDiscDB match': 31 / 59,
      'extras in the right folder, TheDiscDB match': 56 / 59,
    }),
    episodesNotRipped: 0,
    seriesCalledMovie: 0,
  },
  // Measured once, unseen, on the eighth round's first two rules (README "Fresh holdout, seed 48"), then read disc by
  // disc; TV vs movie 17/20, episode recall 44/46 (typed 44/46) then, raised by the later rules of the round. Extras
  // typed 16/34 until the tenth round's reel of parts, which types Intolerable Cruelty's 7:18 "Outtakes: Play All" (four
  // cells; TheDiscDB: a featurette) as a reel of trailers while it gains 17 over the other sets (README "Tenth round").
  {
    set: 'holdout-seed48',
    gates: freshGates({
      'TV vs movie right': 18 / 20,
      'TV vs movie right, strictly': 17 / 20,
      'episode recall': 45 / 46,
      // 3/5 until the measure typed Hud's film on its Blu-ray (untyped in TheDiscDB; judgment-release.ts): 4/6.
      'main feature right, no catalog runtime': 4 / 6,
      'extras typed right, no TheDiscDB match': 15 / 34,
      'extras in the right folder, TheDiscDB match': 33 / 34,
    }),
    episodesNotRipped: 0,
  },
  // Measured once, unseen, on the eighth round's first two rules (README "Fresh holdout, seed 49"; 17 discs), then read
  // disc by disc; TV vs movie 14/17 (typed recall 32/33) then, raised by the later rules of the round.
  {
    set: 'holdout-seed49',
    gates: freshGates({
      'TV vs movie right': 15 / 17,
      'TV vs movie right, strictly': 15 / 17,
      'episode precision': 32 / 34,
      'episode recall': 32 / 33,
      'episode precision, catalog type given': 32 / 34,
      'extras typed right, no TheDiscDB match': 6 / 11,
    }),
    episodesNotRipped: 0,
  },
  // Measured once, unseen, on all five rules of the eighth round (README "Fresh holdout, seed 50" and "seed 51").
  // TV vs movie 19/20 then, 20/20 since the twelfth round's bonus-disc kind (Godzilla Minus One's bonus disc).
  {
    set: 'holdout-seed50',
    gates: freshGates({
      'extras typed right, no TheDiscDB match': 34 / 46,
    }),
    episodesNotRipped: 0,
  },
  {
    set: 'holdout-seed51',
    gates: freshGates({
      'TV vs movie right': 18 / 20,
      'TV vs movie right, strictly': 18 / 20,
      'episode precision': 50 / 52,
      'episode recall': 50 / 51,
      'episode precision, catalog type given': 51 / 53,
      'extras typed right, no TheDiscDB match': 18 / 51,
      'extras in the right folder, TheDiscDB match': 45 / 51,
    }),
    episodesNotRipped: 0,
  },
  // Measured once, unseen, on the same five rules (README "Fresh holdout, seed 52" and "seed 53"); seed 52's episode
  // precision 59/62 then, 59/59 since the ninth round's bare-stream rule.
  {
    set: 'holdout-seed52',
    gates: freshGates({ 'extras typed right, no TheDiscDB match': 13 / 28 }),
    episodesNotRipped: 0,
  },
  {
    set: 'holdout-seed53',
    gates: freshGates({
      'extras typed right, no TheDiscDB match': 19 / 35,
      'extras in the right folder, TheDiscDB match': 34 / 35,
    }),
    episodesNotRipped: 0,
  },
  // Measured once, unseen, on the eighth and ninth rounds' six rules (README "Fresh holdout, seed 54"): episode recall
  // 40/45 (typed 42/45) and one real episode marked don't-rip then; 42/45 (44/45) and none once the measure credits an
  // episode's content ripped without its short intro (README "Ninth round"); TV vs movie 19/20, recall 44/45 (45/45)
  // and no series disc called a movie since the tenth round's hour-long pair (README "Tenth round").
  {
    set: 'holdout-seed54',
    gates: freshGates({
      'TV vs movie right': 19 / 20,
      'TV vs movie right, strictly': 19 / 20,
      'episode recall': 44 / 45,
      'episode recall, catalog type given': 45 / 45,
      'extras typed right, no TheDiscDB match': 12 / 20,
    }),
    episodesNotRipped: 0,
    seriesCalledMovie: 0,
  },
  // Measured once, unseen, on the same six rules and the measure as of seed 54 (README "Fresh holdout, seed 55"); TV vs
  // movie 16/20, three series discs called a movie and episode recall 35/42 then, raised by the ninth round's twins rule
  // and the tenth round's hour-long pair. Episode recall with the catalog type given 41/42 until the eleventh round's
  // bonus label: Batman: The Animated Series' "Special Features" disc holds two documentaries TheDiscDB types as season-0
  // episodes, now extras (README "Eleventh round").
  {
    set: 'holdout-seed55',
    gates: freshGates({
      'TV vs movie right': 18 / 20,
      'TV vs movie right, strictly': 18 / 20,
      'episode recall': 39 / 42,
      'episode recall, catalog type given': 40 / 42,
      'extras typed right, no TheDiscDB match': 22 / 43,
    }),
    episodesNotRipped: 0,
    seriesCalledMovie: 1,
  },
];
