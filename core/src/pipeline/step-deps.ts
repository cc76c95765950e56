/** What every pipeline step needs; built once by the runner. */
import type { JobState, Logger, ProgressReporter, StageContext } from '@spindle/plugin-sdk';
import type { JobService } from '../jobs/job-service.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord, ReviewKind } from '../persistence/records.ts';
import type { ConfigReader } from '../plugins/plugin-context-factory.ts';
import type { ImplementationRecord } from '../plugins/plugin-registry.ts';
import type { SubtitleService } from '../subtitles/subtitle-service.ts';
import type { StageResolver } from './stage-resolver.ts';
import type { TitleFlow } from './title-flow.ts';

export interface StepDeps {
  jobs: JobRepository;
  /** Domain events (e.g. late files joining a job). */
  bus: EventBus;
  titles: TitleRepository;
  jobService: JobService;
  resolver: StageResolver;
  config: ConfigReader;
  logger: Logger;
  /** Titles matched at once: max_concurrent_matches at startup, clamped (cores on CPU, 4 on GPU). */
  matchConcurrency?: number;
  /** Reference subtitles for matching (absent in setups without subtitle support). */
  subtitles?: SubtitleService;
  /** A StageContext for one call of one implementation, tied to the job's abort signal. */
  context(
    record: ImplementationRecord,
    job: JobRecord,
    stage: string,
    progress?: ProgressReporter,
  ): Promise<StageContext>;
  signal: AbortSignal;
  /** The run's per-title flow (titles matched while the drive rips); absent when a step runs on its own. */
  flow?: TitleFlow;
}

/** What a step decided: go on to the next state, or stop for a human. */
export type StepOutcome =
  | { kind: 'next'; patch?: Partial<JobRecord> }
  | { kind: 'review'; reason: string; about: ReviewKind; resumeAt: JobState; patch?: Partial<JobRecord> };

export type Step = (job: JobRecord, deps: StepDeps) => Promise<StepOutcome>;
