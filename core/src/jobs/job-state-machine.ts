/**
 * The job state machine: the spec's JobState values and the only transitions allowed between
 * them. Pure: no I/O. JobService validates here, then persists, then broadcasts.
 */
import type { JobState } from '@spindle/plugin-sdk';

export const JOB_STATES: readonly JobState[] = [
  'idle',
  'identifying',
  'review_needed',
  'ripping',
  'matching',
  'organizing',
  'completed',
  'failed',
];

export const TERMINAL_STATES: readonly JobState[] = ['completed', 'failed'];

/** States in which a stage is running for the job. */
export const RUNNING_STATES: readonly JobState[] = ['identifying', 'ripping', 'matching', 'organizing'];

/** The happy path: each working state's successor. */
export const HAPPY_PATH_NEXT: Readonly<Partial<Record<JobState, JobState>>> = {
  idle: 'identifying',
  identifying: 'ripping',
  ripping: 'matching',
  matching: 'organizing',
  organizing: 'completed',
};

const ALLOWED: Readonly<Record<JobState, readonly JobState[]>> = {
  idle: ['identifying', 'review_needed', 'failed'],
  identifying: ['ripping', 'review_needed', 'failed'],
  // Review resumes where the job stopped (or restarts identification after a declared identity).
  review_needed: ['identifying', 'ripping', 'matching', 'organizing', 'failed'],
  ripping: ['matching', 'review_needed', 'failed'],
  matching: ['organizing', 'review_needed', 'failed'],
  organizing: ['completed', 'review_needed', 'failed'],
  completed: [],
  failed: [],
};

/**
 * Running a job again (retry, re-identify, re-match): the one way out of the terminal states, and
 * a way back from review to an earlier stage. Never part of the automatic pipeline.
 */
const REOPEN: Readonly<Partial<Record<JobState, readonly JobState[]>>> = {
  failed: ['identifying', 'ripping', 'matching', 'organizing'],
  completed: ['identifying', 'matching', 'organizing'],
  review_needed: ['identifying', 'matching'],
};

export function canReopen(from: JobState, to: JobState): boolean {
  return REOPEN[from]?.includes(to) ?? false;
}

export function canTransition(from: JobState, to: JobState): boolean {
  return ALLOWED[from].includes(to);
}

export function isTerminal(state: JobState): boolean {
  return TERMINAL_STATES.includes(state);
}

export function isRunning(state: JobState): boolean {
  return RUNNING_STATES.includes(state);
}
