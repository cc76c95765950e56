/**
 * What a person may do with a job now, decided here once (next to the state machine) and served on
 * every job (`actions`): the UI shows a control only when its action is true, so it never disagrees
 * with what the commands (job-commands.ts, job-retry.ts) accept.
 */
import type { JobState } from '@spindle/plugin-sdk';
import type { JobRecord, TitleRecord } from '../persistence/records.ts';
import { isRunning, isTerminal } from './job-state-machine.ts';
import { titleOutcome } from './title-accounting.ts';

export interface JobActions {
  /** POST /start: start an idle job, or continue one in review. */
  start: boolean;
  /** POST /cancel: stop a job that has not finished (it fails, files stay). */
  cancel: boolean;
  /** POST /cancel on a job whose plan files nothing: give up, keeping every file. */
  give_up: boolean;
  /** DELETE /jobs/:id: clear from the dashboard (soft; not while a stage runs). */
  clear: boolean;
  /** POST /retry without `from`: run a failed job again from where it failed. */
  retry: boolean;
  /** POST /retry from identifying. */
  reidentify: boolean;
  /** POST /retry from matching. */
  rematch: boolean;
  /** POST /approve-all: accept every best guess (or the plan) and continue. */
  approve_all: boolean;
  /** POST /review on a title: decide the titles waiting in review. */
  review: boolean;
  /** POST /identify: say what the disc is (refused once organizing has begun). */
  identify: boolean;
}

export const JOB_ACTION_NAMES: readonly (keyof JobActions)[] = [
  'start',
  'cancel',
  'give_up',
  'clear',
  'retry',
  'reidentify',
  'rematch',
  'approve_all',
  'review',
  'identify',
];

type Facts = Pick<JobRecord, 'state' | 'reviewKind' | 'retryFrom' | 'clearedAt' | 'filesFiled'>;

/** A title a person put back in that will be filed: a nothing-filed job may continue with it. */
const includedAndKept = (t: TitleRecord) => t.included && titleOutcome(t) !== 'discarded';

/**
 * The table: one row per job state, each a rule over the job (and its titles, when the caller has
 * them: without titles a nothing-filed job is not offered Continue).
 */
const TABLE: Readonly<Record<JobState, (job: Facts, titles: readonly TitleRecord[] | null) => Partial<JobActions>>> = {
  idle: () => ({ start: true, cancel: true, clear: true, identify: true }),
  identifying: () => ({ cancel: true, identify: true }),
  ripping: () => ({ cancel: true, identify: true }),
  matching: () => ({ cancel: true, identify: true }),
  organizing: () => ({ cancel: true }),
  review_needed: (job, titles) => {
    const nothingFiled = job.reviewKind === 'nothing_filed';
    return {
      start: nothingFiled ? (titles?.some(includedAndKept) ?? false) : true,
      cancel: !nothingFiled,
      give_up: nothingFiled,
      clear: true,
      reidentify: true,
      rematch: job.reviewKind !== 'identity' && !nothingFiled,
      approve_all: !nothingFiled,
      review: true,
      identify: true,
    };
  },
  completed: (job) => ({
    clear: job.clearedAt === null,
    reidentify: job.filesFiled === 0,
    rematch: job.retryFrom === 'matching',
  }),
  failed: (job) => ({ clear: job.clearedAt === null, retry: job.retryFrom !== null }),
};

export function jobActions(job: Facts, titles: readonly TitleRecord[] | null = null): JobActions {
  const row = TABLE[job.state](job, titles);
  const out = Object.fromEntries(JOB_ACTION_NAMES.map((name) => [name, row[name] === true])) as unknown as JobActions;
  // Clearing is soft and refused only while a stage runs; a job cleared already has nothing to clear.
  if (isRunning(job.state) || job.clearedAt !== null) out.clear = false;
  if (isTerminal(job.state)) out.cancel = false;
  return out;
}

export const jobActionsSchema = {
  type: 'object',
  description: 'what a person may do with the job now, decided by the server (the UI shows a control only when true)',
  required: [...JOB_ACTION_NAMES],
  additionalProperties: false,
  properties: Object.fromEntries(JOB_ACTION_NAMES.map((n) => [n, { type: 'boolean' }])),
} as const;
