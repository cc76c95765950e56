/**
 * What happens when a job enters each state (job-state-hooks.ts), through the real JobService and
 * a real SQLite database: which hooks run on which change, in which order, which ones the state
 * change waits for, and that a failing hook never fails the job.
 */
import 'reflect-metadata';
import type { Logger } from '@spindle/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/events/event-bus.ts';
import { JobLifecycle } from '../../src/jobs/job-lifecycle.ts';
import { JobService } from '../../src/jobs/job-service.ts';
import { installJobStateHooks } from '../../src/jobs/job-state-hooks.ts';
import type { JobRecord } from '../../src/persistence/records.ts';
import { openTempDatabase } from '../persistence/test-database.ts';

const errors: string[] = [];
const logger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error: (message: string) => void errors.push(message),
} as unknown as Logger;

async function setup(options: { failCleanup?: boolean; holdContributors?: Promise<void> } = {}) {
  const db = await openTempDatabase();
  const lifecycle = new JobLifecycle(logger);
  const jobService = new JobService(db.jobs, db.titles, new EventBus(), { now: () => new Date() }, logger, lifecycle);
  const calls: string[] = [];
  installJobStateHooks(lifecycle, {
    notifications: { jobEntered: (job) => void calls.push(`notify ${job.state}`) },
    detectors: { ripFinished: async (driveId, ok) => void calls.push(`drive ${driveId} ${ok ? 'ok' : 'failed'}`) },
    stagingCleanup: {
      jobFinished: async (job) => {
        calls.push(`cleanup ${job.state}`);
        if (options.failCleanup) throw new Error('disk full');
      },
    },
    contributors: {
      jobFinished: async (job) => {
        await options.holdContributors;
        calls.push(`contributors ${job.state}`);
      },
    },
    libraryRefresh: { jobFinished: (job) => void calls.push(`refresh ${job.state}`) },
    lateFiles: async (job: JobRecord) => void calls.push(`late files ${job.state}`),
  });
  return { jobService, lifecycle, calls };
}

async function discJob(jobService: JobService) {
  return jobService.create({ sourceKind: 'disc', driveId: 'sr0', volumeLabel: 'SHOW_S1D1', contentType: 'tv' });
}

describe('when a job enters a state', () => {
  it('completed: the drive is released when ripping ends; at the end notify, cleanup, contributors, refresh, late files, in that order', async () => {
    const { jobService, lifecycle, calls } = await setup();
    const job = await discJob(jobService);
    for (const state of ['identifying', 'ripping'] as const) await jobService.transition(job.id, state);
    expect(calls).toEqual([]); // entering the working states: nothing hooked
    await jobService.transition(job.id, 'matching');
    await lifecycle.settled();
    expect(calls).toEqual(['drive sr0 ok']); // leaving ripping
    await jobService.transition(job.id, 'organizing');
    await jobService.transition(job.id, 'completed');
    await lifecycle.settled();
    expect(calls).toEqual([
      'drive sr0 ok',
      'notify completed',
      'cleanup completed',
      'contributors completed',
      'refresh completed',
      'late files completed',
    ]);
  });

  it('a DEBUG-simulated disc job gets the same hooks as any job (no simulation case here)', async () => {
    const { jobService, lifecycle, calls } = await setup();
    const job = await jobService.create({
      sourceKind: 'disc',
      driveId: 'sim:0',
      volumeLabel: 'SIM',
      contentType: 'tv',
      simulated: true,
    });
    for (const state of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const)
      await jobService.transition(job.id, state);
    await lifecycle.settled();
    expect(calls).toEqual([
      'drive sim:0 ok',
      'notify completed',
      'cleanup completed',
      'contributors completed',
      'refresh completed',
      'late files completed',
    ]);
  });

  it('failed while ripping: the drive is told the rip failed; no contributors, no rescan', async () => {
    const { jobService, lifecycle, calls } = await setup();
    const job = await discJob(jobService);
    await jobService.transition(job.id, 'identifying');
    await jobService.transition(job.id, 'ripping');
    await jobService.transition(job.id, 'failed', { patch: { errorMessage: 'read error' } });
    await lifecycle.settled();
    expect(calls.sort()).toEqual(['cleanup failed', 'drive sr0 failed', 'late files failed', 'notify failed']);
  });

  it('review_needed: only the notification', async () => {
    const { jobService, lifecycle, calls } = await setup();
    const job = await discJob(jobService);
    await jobService.transition(job.id, 'review_needed', { patch: { reviewReason: 'which show?' } });
    await lifecycle.settled();
    expect(calls).toEqual(['notify review_needed']);
  });

  it('the state change waits for awaited hooks, and a failing hook is logged without failing the job', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { jobService, calls } = await setup({ failCleanup: true, holdContributors: held });
    const job = await discJob(jobService);
    for (const state of ['identifying', 'ripping', 'matching', 'organizing'] as const)
      await jobService.transition(job.id, state);
    let returned = false;
    const done = jobService.transition(job.id, 'completed').then((j) => ((returned = true), j));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(returned).toBe(false); // contributors (awaited) still running
    release();
    expect((await done).state).toBe('completed');
    expect(calls).toContain('late files completed');
    expect(errors.some((e) => e.includes(`staging cleanup failed for job ${job.id}`))).toBe(true);
  });
});
