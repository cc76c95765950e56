import type { StageContext } from '../context.ts';
import type { JobView, MatchResult, TitleView } from '../values.ts';

export interface MatchInput {
  job: JobView;
  title: TitleView;
  /** The job's other titles (for disc-order priors and duplicate checks). */
  siblings: TitleView[];
  /** Results of matchers earlier in the chain for this title. */
  previous: MatchResult[];
  /**
   * Reference subtitles of the candidate episodes (TV) or of the movie, downloaded by the core
   * before matching starts; empty or absent when none could be had.
   */
  references?: ReferenceSubtitle[];
}

export interface ReferenceSubtitle {
  season: number | null;
  episode: number | null;
  /** The episode's name in the catalog, when known. */
  name: string | null;
  /** Runtime in the catalog, when known (for the runtime-agreement score). */
  runtimeMinutes: number | null;
  /** The dialogue, cleaned: no timing, tags, hearing-impaired cues or credits. */
  text: string;
  /** The dialogue cues with their times in seconds, for offset-aware scoring. */
  cues: { start: number; end: number; text: string }[];
}

/**
 * Says what one title is (episode, main feature, extra) with a confidence made of named score
 * components. Returns null when it cannot tell. The core turns confidence into accept / review /
 * none using thresholds from configuration.
 */
export interface Matcher {
  match(input: MatchInput, ctx: StageContext): Promise<MatchResult | null>;
}
