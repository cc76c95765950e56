import type { StageContext } from '../context.ts';
import type { DiscScan, Identification, JobView } from '../values.ts';

export interface IdentifyInput {
  job: JobView;
  scan: DiscScan;
  /** Answers from identifiers earlier in the chain (evidence, or a base to refine). */
  previous: Identification[];
}

/**
 * Says what a disc is. Returns null when it has nothing to say (the chain moves on), an
 * Identification otherwise. The first confident answer in the configured chain wins.
 */
export interface Identifier {
  identify(input: IdentifyInput, ctx: StageContext): Promise<Identification | null>;
}
