import type { StageContext } from '../context.ts';
import type { JobView, MatchResult, TitleView } from '../values.ts';

export interface MatchInput {
  job: JobView;
  title: TitleView;
  /** The job's other titles (for disc-order priors and duplicate checks). */
  siblings: TitleView[];
  /** Results of matchers earlier in the chain for this title. */
  previous: MatchResult[];
}

/**
 * Says what one title is (episode, main feature, extra) with a confidence made of named score
 * components. Returns null when it cannot tell. The core turns confidence into accept / review /
 * none using thresholds from configuration.
 */
export interface Matcher {
  match(input: MatchInput, ctx: StageContext): Promise<MatchResult | null>;
}
