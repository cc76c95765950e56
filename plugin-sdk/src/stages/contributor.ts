import type { StageContext } from '../context.ts';
import type { JobView, MatchResult, TitleView } from '../values.ts';

export interface ContributedTitle {
  title: TitleView;
  match: MatchResult | null;
}

export interface JobCompletedInput {
  job: JobView;
  titles: ContributedTitle[];
}

/** Derives and queues contributions (fingerprints, disc layouts) when a job completes. */
export interface Contributor {
  jobCompleted(input: JobCompletedInput, ctx: StageContext): Promise<void>;
}
