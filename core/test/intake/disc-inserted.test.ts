/**
 * A disc reported in a drive becomes one job, however often it is reported: a detector that reports one insertion
 * twice (at once or one after the other) must not rip the disc twice. A new disc, or the same disc once its job has
 * ended, makes a new job.
 */
import { describe, expect, it } from 'vitest';
import { JobIntake } from '../../src/intake/job-intake.ts';
import { FakeRunner, jobWorld } from '../jobs/job-fakes.ts';

function intakeWorld() {
  const world = jobWorld();
  const runner = new FakeRunner();
  const intake = new JobIntake({
    jobService: world.service,
    runner: runner as never,
    bus: world.bus,
    jobs: world.jobs,
    titles: world.titles,
    logger: world.logger,
  });
  return { ...world, runner, intake };
}

const dvd = { driveId: '/dev/sr0', volumeLabel: 'SHOW_S1_D2', path: '/media/SHOW_S1_D2', contentHash: 'A'.repeat(32) };

describe('a disc inserted in a drive', () => {
  it('makes one job when the same insertion is reported twice at once', async () => {
    const { intake, jobs, runner } = intakeWorld();
    const [first, second] = await Promise.all([intake.discInserted(dvd), intake.discInserted(dvd)]);
    expect(second.id).toBe(first.id);
    expect(jobs.rows.size).toBe(1);
    expect(runner.calls).toEqual([`start ${first.id}`]);
  });

  it('makes no second job while one works on the disc, even when only one report carries the content hash', async () => {
    const { intake, jobs, logger } = intakeWorld();
    const first = await intake.discInserted({ ...dvd, contentHash: null });
    const again = await intake.discInserted(dvd);
    expect(again.id).toBe(first.id);
    expect(jobs.rows.size).toBe(1);
    expect(logger.entries.map((r) => r.message).join('\n')).toMatch(/already works on the disc "SHOW_S1_D2"/);
  });

  it('makes a new job for another disc in the drive, and for the same disc once its job has ended', async () => {
    const { intake, jobs } = intakeWorld();
    const first = await intake.discInserted(dvd);
    const other = await intake.discInserted({ ...dvd, volumeLabel: 'SHOW_S1_D3', contentHash: 'B'.repeat(32) });
    expect(other.id).not.toBe(first.id);
    const swapped = await intake.discInserted({ ...dvd, contentHash: 'C'.repeat(32) });
    expect(swapped.id).not.toBe(first.id);
    jobs.rows.get(first.id)!.state = 'completed';
    jobs.rows.get(swapped.id)!.state = 'failed';
    const later = await intake.discInserted(dvd);
    expect(later.id).not.toBe(first.id);
    expect(jobs.rows.size).toBe(4);
  });
});
