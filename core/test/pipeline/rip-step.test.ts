/**
 * The ripping step of a disc job alone, against a fake ripper (pipeline-fakes.ts) and a real
 * staging folder: only selected titles still to rip are asked for, each title the ripper saved is
 * QUEUED with its file (and handed to the run's flow when titles are matched during the rip), a
 * title without a file fails, a rip that produced nothing fails the step, and what is missing is said.
 */
import type { DiscScan, RipRequest, RipResult, Ripper } from '@spindle/plugin-sdk';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NewTitle } from '../../src/persistence/records.ts';
import { ripStep } from '../../src/pipeline/steps/rip-step.ts';
import { TitleFlow } from '../../src/pipeline/title-flow.ts';
import { pendingTitles, pipelineWorld } from './pipeline-fakes.ts';

/** A ripper that "saves" every asked title except `missing`, announcing each as it goes. */
function ripper(missing: number[] = []) {
  const asked: number[][] = [];
  const impl: Ripper = {
    sourceKinds: ['disc'],
    async scan(): Promise<DiscScan> {
      throw new Error('the rip step does not scan a disc job');
    },
    async rip(request: RipRequest): Promise<RipResult> {
      asked.push(request.titles.map((t) => t.index));
      const files = request.titles
        .filter((t) => !missing.includes(t.index))
        .map((t) => ({
          titleIndex: t.index,
          path: join(request.outputDir, `title_t0${t.index}.mkv`),
          sizeBytes: 100 + t.index,
        }));
      for (const f of files) request.onTitleSaved?.(f);
      return { files, failed: missing.map((i) => ({ titleIndex: i, message: `title ${i} could not be read` })) };
    },
  };
  return { impl, asked };
}

async function setup(rip: Ripper | undefined, titles: NewTitle[], config: Record<string, unknown> = {}) {
  const w = pipelineWorld({
    config: { pipeline_overlap: false, ...config },
    stages: rip ? { rippers: { disc: rip } } : {},
  });
  w.configure({ staging_path: join(w.workRoot, 'staging'), ...config });
  const { job } = await w.seed('ripping', { sourceKind: 'disc', driveId: '/dev/sr0', stagingRoot: null }, titles);
  return { w, job };
}

describe('ripping step (disc)', () => {
  it('rips only the selected titles still to rip, into the job folder in staging, and queues each with its file', async () => {
    const r = ripper();
    const titles: NewTitle[] = [
      ...pendingTitles(3),
      { titleIndex: 3, durationSeconds: 20, sizeBytes: 1, state: 'pending', selected: false },
      { titleIndex: 4, durationSeconds: 1300, sizeBytes: 1, state: 'matched', filePath: '/old/t4.mkv' },
    ];
    const { w, job } = await setup(r.impl, titles);
    const outcome = await ripStep(job, w.stepDeps());
    const folder = join(w.config().staging_path!, `job_${job.id}`);
    expect(r.asked).toEqual([[0, 1, 2]]);
    expect(existsSync(folder)).toBe(true);
    expect(outcome).toEqual({
      kind: 'next',
      patch: { stagingPath: folder, stagingRoot: w.config().staging_path, folderOrigin: 'rip' },
    });
    expect((await w.titles.listByJob(job.id)).map((t) => [t.state, t.filePath])).toEqual([
      ['queued', join(folder, 'title_t00.mkv')],
      ['queued', join(folder, 'title_t01.mkv')],
      ['queued', join(folder, 'title_t02.mkv')],
      ['pending', null],
      ['matched', '/old/t4.mkv'],
    ]);
    // Each title went RIPPING then QUEUED, announced through the job service.
    const t0 = w.emitted
      .filter((e) => e.name === 'title.updated' && e.payload.titleIndex === 0)
      .map((e) => e.payload.state);
    expect(t0).toEqual(['ripping', 'queued']);
  });

  it('a title the ripper produced no file for fails; the others go on', async () => {
    const { w, job } = await setup(ripper([1]).impl, pendingTitles(3));
    expect((await ripStep(job, w.stepDeps())).kind).toBe('next');
    expect((await w.titles.listByJob(job.id)).map((t) => [t.state, t.filePath !== null])).toEqual([
      ['queued', true],
      ['failed', false],
      ['queued', true],
    ]);
  });

  it('a rip that produced no file at all fails the step with the ripper’s own reasons', async () => {
    const { w, job } = await setup(ripper([0, 1]).impl, pendingTitles(2));
    await expect(ripStep(job, w.stepDeps())).rejects.toMatchObject({
      code: 'rip_produced_nothing',
      message:
        'The ripper produced no file for any selected title (title 0: title 0 could not be read; title 1: title 1 could not be read)',
    });
  });

  it('with titles matched during the rip, each saved title is handed to the run’s flow as it is saved', async () => {
    const { w, job } = await setup(ripper().impl, pendingTitles(2), { pipeline_overlap: true });
    const deps = w.stepDeps();
    const flow = new TitleFlow(job.id, deps);
    const handed: number[] = [];
    const enqueue = flow.enqueue.bind(flow);
    flow.enqueue = (title) => (handed.push(title.titleIndex), enqueue(title));
    await ripStep(job, { ...deps, flow });
    await flow.settle();
    expect(handed).toEqual([0, 1]);
  });

  it('says what is missing: no ripper for the source, or no staging folder', async () => {
    const none = await setup(undefined, pendingTitles(1));
    await expect(ripStep(none.job, none.w.stepDeps())).rejects.toMatchObject({ code: 'no_ripper_configured' });
    const noStaging = await setup(ripper().impl, pendingTitles(1));
    noStaging.w.configure({ staging_path: null });
    await expect(ripStep(noStaging.job, noStaging.w.stepDeps())).rejects.toMatchObject({ code: 'staging_path_unset' });
    expect((await noStaging.w.titles.listByJob(noStaging.job.id))[0]!.state).toBe('pending');
  });
});
