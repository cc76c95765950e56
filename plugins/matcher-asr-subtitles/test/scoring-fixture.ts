/** What the scoring tests share: the component weights they score with and the explanation a match must carry. */
import type { ComponentWeights } from '../src/settings.ts';

export const TEST_WEIGHTS: ComponentWeights = {
  separation: 0.35,
  vote_consensus: 0.35,
  coverage: 0.1,
  runtime_agreement: 0.1,
  disc_order_prior: 0.1,
};

/** The named score components of a decided match, in the order the explanation lists them. */
export const SCORE_COMPONENT_NAMES = [
  'similarity',
  'separation',
  'vote_consensus',
  'agreeing_chunks',
  'coverage',
  'cue_alignment',
  'runtime_agreement',
  'disc_order_prior',
] as const;
