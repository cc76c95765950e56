/**
 * What happens when a job enters each state, in one place. Hooks run in the order listed, after
 * the change is stored and broadcast (`job.state_changed` on /ws). "awaited" means the state change
 * (and so the runner, a cancel or a retry) waits for it; "background" means it never delays the job.
 *
 *   state entered          | does                                                   | how
 *   -----------------------|--------------------------------------------------------|-----------
 *   completed, failed,     | tell the configured notifiers                           | background
 *   review_needed          |                                                        |
 *   leaves ripping         | a disc job's drive: the detector's ripFinished (eject)  | background
 *   completed or failed    | staging cleanup: work folder, staging_cleanup_policy    | awaited
 *   completed              | contributors derive the job's contributions (queued)    | awaited
 *   completed              | media servers rescan the library folders                | background*
 *   completed or failed    | a folder's late files become a job of their own         | awaited
 *
 *   * the refresh service tracks its own background runs (`settled()`), like the notifier.
 *
 * Outside this table: the pipeline runner moves a job along the happy path (HAPPY_PATH_NEXT in
 * job-state-machine.ts) with the steps its StepSource gives the job; the configured rip step starts
 * fetching reference subtitles (configured-steps.ts). Every job is treated alike here, a
 * DEBUG-simulated one included (its drive is released like any disc job's).
 */
import type { JobState } from '@spindle/plugin-sdk';
import type { JobRecord } from '../persistence/records.ts';
import type { JobLifecycle } from './job-lifecycle.ts';

/** The services the hooks call, as narrow ports. */
export interface JobStateHookTargets {
  notifications: { jobEntered(job: JobRecord): void };
  detectors: { ripFinished(driveId: string, ok: boolean): Promise<void> };
  stagingCleanup: { jobFinished(job: JobRecord): Promise<void> };
  contributors: { jobFinished(job: JobRecord): Promise<void> };
  libraryRefresh: { jobFinished(job: JobRecord): void };
  /** Hands a folder job's late files over to a follow-up job (late-files.ts). */
  lateFiles: (job: JobRecord) => Promise<unknown>;
}

const NOTIFIED: readonly JobState[] = ['completed', 'failed', 'review_needed'];

export function installJobStateHooks(lifecycle: JobLifecycle, targets: JobStateHookTargets): void {
  for (const state of NOTIFIED) {
    lifecycle.hook({
      name: 'notification',
      on: { enters: state },
      awaited: false,
      run: (job) => targets.notifications.jobEntered(job),
    });
  }
  lifecycle.hook({
    name: 'drive release',
    on: { leaves: 'ripping' },
    awaited: false,
    run: async (job) => {
      if (job.sourceKind === 'disc' && job.driveId)
        await targets.detectors.ripFinished(job.driveId, job.state !== 'failed');
    },
  });
  lifecycle.hook({
    name: 'staging cleanup',
    on: { enters: 'terminal' },
    awaited: true,
    run: (job) => targets.stagingCleanup.jobFinished(job),
  });
  lifecycle.hook({
    name: 'contributors',
    on: { enters: 'completed' },
    awaited: true,
    run: (job) => targets.contributors.jobFinished(job),
  });
  lifecycle.hook({
    name: 'library refresh',
    on: { enters: 'completed' },
    awaited: true,
    run: (job) => targets.libraryRefresh.jobFinished(job),
  });
  lifecycle.hook({
    name: 'late files',
    on: { enters: 'terminal' },
    awaited: true,
    run: async (job) => void (await targets.lateFiles(job)),
  });
}
