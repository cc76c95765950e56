/**
 * The narrow ports services use for storage. One implementation (MikroORM + SQLite) lives next
 * to this file; every method is its own short unit of work (a forked EntityManager).
 */
import type { JobState } from '@spindle/plugin-sdk';
import type {
  HistoryQuery,
  JobEventRecord,
  JobPatch,
  JobRecord,
  JobStats,
  NewJob,
  NewTitle,
  TitlePatch,
  TitleRecord,
} from './records.ts';

export interface JobRepository {
  create(job: NewJob): Promise<JobRecord>;
  get(id: number): Promise<JobRecord | null>;
  update(id: number, patch: JobPatch): Promise<JobRecord>;
  /**
   * Moves a job from `from` to `to` in one transaction, applying `patch` and appending a
   * timeline row. Returns null (and changes nothing) when the stored state is no longer `from`.
   */
  transition(
    id: number,
    from: JobState,
    to: JobState,
    patch: JobPatch,
    message: string | null,
  ): Promise<JobRecord | null>;
  /** Jobs with cleared_at null, newest first. */
  listActive(limit: number): Promise<JobRecord[]>;
  listInStates(states: readonly JobState[]): Promise<JobRecord[]>;
  /** Completed and failed jobs still on the dashboard (cleared_at null), oldest first. */
  listFinishedUncleared(): Promise<JobRecord[]>;
  /** Every job (cleared included) whose source is this folder or mount point, newest first. */
  listBySourcePath(sourcePath: string): Promise<JobRecord[]>;
  /** Completed and failed jobs (cleared included), newest first. */
  history(query: HistoryQuery): Promise<{ items: JobRecord[]; total: number }>;
  /** One page of the jobs in `state` (cleared included), newest first, and how many there are. */
  pageInState(state: JobState, page: number, perPage: number): Promise<{ items: JobRecord[]; total: number }>;
  stats(topErrors: number, recent: number): Promise<JobStats>;
  timeline(jobId: number): Promise<JobEventRecord[]>;
  /** Appends a timeline row that is not a state change (a review decision, a cleanup). */
  note(jobId: number, state: JobState, message: string): Promise<void>;
  /** Deletes every job, title and timeline row; returns the number of jobs deleted. */
  deleteAll(): Promise<number>;
}

export interface TitleRepository {
  /** Replaces the job's titles with these (used after a scan). */
  replaceForJob(jobId: number, titles: NewTitle[]): Promise<TitleRecord[]>;
  /** Adds titles to a job (files that joined it late); returns them. */
  addToJob(jobId: number, titles: NewTitle[]): Promise<TitleRecord[]>;
  listByJob(jobId: number): Promise<TitleRecord[]>;
  get(id: number): Promise<TitleRecord | null>;
  update(id: number, patch: TitlePatch): Promise<TitleRecord>;
}

/** Application configuration, stored one row per field (values are JSON). */
export interface ConfigRepository {
  readAll(): Promise<Record<string, unknown>>;
  /** Writes all given fields in one transaction. */
  writeMany(values: Record<string, unknown>): Promise<void>;
}

/** The key-value store behind each plugin's `ctx.store`. */
export interface PluginStoreRepository {
  get(pluginId: string, key: string): Promise<string | undefined>;
  set(pluginId: string, key: string, valueJson: string): Promise<void>;
  delete(pluginId: string, key: string): Promise<void>;
  keys(pluginId: string, prefix: string): Promise<string[]>;
}
