/**
 * The rip step of a folder job against a real SQLite database and real files: a file that lands in
 * the folder after the scan (a slow copy) joins the job — scanned, added as a title after the
 * others, ripped (in place) with them — and the job says so on its timeline and as an event. A
 * follow-up job limited to its own files never takes more.
 */
import type { DiscScan, Logger, Ripper, RipRequest, RipResult, StageContext } from '@spindle/plugin-sdk';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../src/events/event-bus.ts';
import { JobLifecycle } from '../../src/jobs/job-lifecycle.ts';
import { JobService } from '../../src/jobs/job-service.ts';
import { ripStep } from '../../src/pipeline/steps/rip-step.ts';
import type { StepDeps } from '../../src/pipeline/step-deps.ts';
import type { JobRecord } from '../../src/persistence/records.ts';
import { openTempDatabase, tempDir } from '../persistence/test-database.ts';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Behaves as the folder ripper does: every .mkv of the folder is a title (sorted), ripped where it is. */
const inPlaceRipper: Ripper = {
  sourceKinds: ['folder'],
  async scan(source): Promise<DiscScan> {
    const names = (await readdir(source.path!)).filter((n) => n.endsWith('.mkv')).sort();
    const titles = await Promise.all(
      names.map(async (name, index) => ({
        index,
        durationSeconds: 1300 + index,
        sizeBytes: (await stat(join(source.path!, name))).size,
        resolution: '72p',
        sourceFile: name,
        outputFileName: name,
      })),
    );
    return { volumeLabel: source.volumeLabel, discType: 'folder', contentHash: null, titles };
  },
  async rip(request: RipRequest): Promise<RipResult> {
    return {
      files: request.titles.map((t) => ({
        titleIndex: t.index,
        path: join(request.source.path!, t.sourceFile!),
        sizeBytes: 1,
      })),
      failed: [],
    };
  },
};

async function setup(files: string[], only: string[] | null = null) {
  const folder = join(tempDir(), 'SLOW_COPY');
  await mkdir(folder, { recursive: true });
  for (const f of files) await writeFile(join(folder, f), f);
  const db = await openTempDatabase();
  const bus = new EventBus();
  const events: unknown[] = [];
  bus.on('job.late_files', (e) => void events.push(e));
  const announced: { titleId: number; titleIndex: number; state: string }[] = [];
  bus.on('title.updated', (e) => void announced.push({ titleId: e.titleId, titleIndex: e.titleIndex, state: e.state }));
  const jobService = new JobService(db.jobs, db.titles, bus, { now: () => new Date() }, quiet, new JobLifecycle(quiet));
  let job: JobRecord = await db.jobs.create({
    sourceKind: 'folder',
    volumeLabel: 'SLOW_COPY',
    sourcePath: folder,
    stagingPath: folder,
    importMode: 'move',
    state: 'ripping',
    ...(only ? { onlyFilesJson: JSON.stringify(only) } : {}),
  });
  // What the identify step stored from its scan.
  const scanned = (
    await inPlaceRipper.scan(
      { kind: 'folder', path: folder, driveId: null, volumeLabel: 'SLOW_COPY' },
      {} as StageContext,
    )
  ).titles.filter((t) => !only || only.includes(t.sourceFile!));
  await db.titles.replaceForJob(
    job.id,
    scanned.map((t) => ({
      titleIndex: t.index,
      durationSeconds: t.durationSeconds,
      sizeBytes: t.sizeBytes,
      sourceFile: t.sourceFile!,
      outputFilename: t.outputFileName!,
      state: 'pending',
      selected: true,
    })),
  );
  job = (await db.jobs.get(job.id))!;
  const deps = {
    jobs: db.jobs,
    titles: db.titles,
    bus,
    jobService,
    logger: quiet,
    signal: new AbortController().signal,
    config: { get: () => ({ staging_path: null }) },
    resolver: { ripperFor: () => ({ record: { id: 'folder' }, impl: inPlaceRipper }) },
    context: async () =>
      ({ signal: new AbortController().signal, progress: { report() {} } }) as unknown as StageContext,
  } as unknown as StepDeps;
  return { folder, db, job, deps, events, announced };
}

describe('rip step: files that come late to a folder job', () => {
  it('a file that arrived after the scan joins the job, is ripped with it, and is reported', async () => {
    const { folder, db, job, deps, events, announced } = await setup(['a.mkv']);
    await writeFile(join(folder, 'b.mkv'), 'late'); // the rest of a slow copy
    const outcome = await ripStep(job, deps);
    expect(outcome.kind).toBe('next');
    const titles = await db.titles.listByJob(job.id);
    // The late title is stored through the job service: announced as it is added, before it is ripped.
    expect(announced.find((a) => a.titleIndex === 1)).toEqual({
      titleId: titles[1]!.id,
      titleIndex: 1,
      state: 'pending',
    });
    expect(titles.map((t) => [t.titleIndex, t.sourceFile, t.state, t.filePath])).toEqual([
      [0, 'a.mkv', 'queued', join(folder, 'a.mkv')],
      [1, 'b.mkv', 'queued', join(folder, 'b.mkv')],
    ]);
    expect(events).toEqual([{ jobId: job.id, files: ['b.mkv'], action: 'joined', newJobId: null }]);
    expect((await db.jobs.timeline(job.id)).at(-1)?.message).toBe(
      '1 file(s) appeared in the folder while ripping and joined this job: b.mkv',
    );
  });

  it('a follow-up job for late files keeps to its own list', async () => {
    const { db, job, deps, events } = await setup(['a.mkv', 'b.mkv', 'c.mkv'], ['c.mkv']);
    await ripStep(job, deps);
    expect((await db.titles.listByJob(job.id)).map((t) => t.sourceFile)).toEqual(['c.mkv']);
    expect(events).toEqual([]);
  });
});
