/**
 * Fakes of the job services' ports for unit tests: in-memory job and title repositories that keep
 * the contracts of ports.ts (compare-and-set transitions, a timeline, fresh copies out), a runner
 * that records what it was asked, and a clock that moves only when told.
 */
import type { JobState } from '@spindle/plugin-sdk';
import { RecordingLogger } from '@spindle/plugin-sdk/testing';
import { EventBus } from '../../src/events/event-bus.ts';
import { JobLifecycle } from '../../src/jobs/job-lifecycle.ts';
import { JobService } from '../../src/jobs/job-service.ts';
import { newJobData, newTitleData } from '../../src/persistence/entity-mappers.ts';
import type { JobRepository, TitleRepository } from '../../src/persistence/ports.ts';
import type { HistoryQuery, JobEventRecord, JobPatch, JobRecord, JobStats } from '../../src/persistence/records.ts';
import type { NewJob, NewTitle, TitlePatch, TitleRecord } from '../../src/persistence/records.ts';

const copy = <T>(value: T): T => structuredClone(value);
const FINISHED: readonly JobState[] = ['completed', 'failed'];

export class MemoryJobRepository implements JobRepository {
  readonly rows = new Map<number, JobRecord>();
  readonly events: JobEventRecord[] = [];
  /** Called inside transition() before the compare: lets a test move the job "meanwhile". */
  beforeCompare: ((id: number) => void) | null = null;
  private nextId = 1;

  constructor(private readonly clock: FakeClock) {}

  async create(job: NewJob): Promise<JobRecord> {
    const record = { ...newJobData(job, this.clock.now()), id: this.nextId++ } as JobRecord;
    this.rows.set(record.id, record);
    this.events.push({
      id: this.events.length + 1,
      jobId: record.id,
      at: record.createdAt,
      fromState: null,
      toState: record.state,
      message: null,
    });
    return copy(record);
  }

  async get(id: number): Promise<JobRecord | null> {
    const row = this.rows.get(id);
    return row ? copy(row) : null;
  }

  async update(id: number, patch: JobPatch): Promise<JobRecord> {
    const row = this.rows.get(id);
    if (!row) throw new Error(`no job ${id}`);
    Object.assign(row, copy(patch));
    return copy(row);
  }

  /** The port's signature, typed from it: compare-and-set on the state, then a timeline row. */
  transition: JobRepository['transition'] = async (id, from, to, patch, message) => {
    this.beforeCompare?.(id);
    const row = this.rows.get(id);
    if (!row || row.state !== from) return null;
    Object.assign(row, copy(patch), { state: to });
    this.events.push({
      id: this.events.length + 1,
      jobId: id,
      at: this.clock.now(),
      fromState: from,
      toState: to,
      message,
    });
    return copy(row);
  };

  async listActive(limit: number): Promise<JobRecord[]> {
    return [...this.rows.values()]
      .filter((j) => !j.clearedAt)
      .sort((a, b) => b.id - a.id)
      .slice(0, limit)
      .map(copy);
  }

  async listInStates(states: readonly JobState[]): Promise<JobRecord[]> {
    return [...this.rows.values()].filter((j) => states.includes(j.state)).map(copy);
  }

  async listFinishedUncleared(): Promise<JobRecord[]> {
    return [...this.rows.values()]
      .filter((j) => FINISHED.includes(j.state) && !j.clearedAt)
      .sort((a, b) => a.id - b.id)
      .map(copy);
  }

  async listBySourcePath(sourcePath: string): Promise<JobRecord[]> {
    return [...this.rows.values()]
      .filter((j) => j.sourcePath === sourcePath)
      .sort((a, b) => b.id - a.id)
      .map(copy);
  }

  async pageInState(state: JobState, page: number, perPage: number): Promise<{ items: JobRecord[]; total: number }> {
    const all = [...this.rows.values()].filter((j) => j.state === state).sort((a, b) => b.id - a.id);
    return { items: all.slice((page - 1) * perPage, page * perPage).map(copy), total: all.length };
  }

  async history(query: HistoryQuery): Promise<{ items: JobRecord[]; total: number }> {
    const all = [...this.rows.values()].filter((j) => FINISHED.includes(j.state)).sort((a, b) => b.id - a.id);
    return {
      items: all.slice((query.page - 1) * query.perPage, query.page * query.perPage).map(copy),
      total: all.length,
    };
  }

  async stats(): Promise<JobStats> {
    throw new Error('statistics are the SQL repository’s (see job-repository.test.ts)');
  }

  async timeline(jobId: number): Promise<JobEventRecord[]> {
    return this.events.filter((e) => e.jobId === jobId).map(copy);
  }

  async note(jobId: number, state: JobState, message: string): Promise<void> {
    this.events.push({
      id: this.events.length + 1,
      jobId,
      at: this.clock.now(),
      fromState: state,
      toState: state,
      message,
    });
  }

  async deleteAll(): Promise<number> {
    const count = this.rows.size;
    this.rows.clear();
    this.events.length = 0;
    return count;
  }
}

export class MemoryTitleRepository implements TitleRepository {
  readonly rows = new Map<number, TitleRecord>();
  private nextId = 1;

  async replaceForJob(jobId: number, titles: NewTitle[]): Promise<TitleRecord[]> {
    for (const [id, row] of this.rows) if (row.jobId === jobId) this.rows.delete(id);
    return this.addToJob(jobId, titles);
  }

  async addToJob(jobId: number, titles: NewTitle[]): Promise<TitleRecord[]> {
    return titles.map((t) => {
      const record = { ...newTitleData(jobId, t), id: this.nextId++ } as TitleRecord;
      this.rows.set(record.id, record);
      return copy(record);
    });
  }

  async listByJob(jobId: number): Promise<TitleRecord[]> {
    return [...this.rows.values()]
      .filter((t) => t.jobId === jobId)
      .sort((a, b) => a.titleIndex - b.titleIndex)
      .map(copy);
  }

  async get(id: number): Promise<TitleRecord | null> {
    const row = this.rows.get(id);
    return row ? copy(row) : null;
  }

  async update(id: number, patch: TitlePatch): Promise<TitleRecord> {
    const row = this.rows.get(id);
    if (!row) throw new Error(`no title ${id}`);
    Object.assign(row, copy(patch));
    return copy(row);
  }
}

export class FakeClock {
  constructor(private time = new Date('2026-11-24T06:00:00.000Z')) {}
  now(): Date {
    return new Date(this.time);
  }
  advance(ms: number): void {
    this.time = new Date(this.time.getTime() + ms);
  }
}

/** The pipeline runner's surface JobCommands uses, recording each call. */
export class FakeRunner {
  readonly calls: string[] = [];
  readonly running = new Set<number>();
  start(jobId: number): void {
    this.calls.push(`start ${jobId}`);
  }
  async abort(jobId: number, reason: string): Promise<void> {
    this.calls.push(`abort ${jobId}: ${reason}`);
    this.running.delete(jobId);
  }
  async settled(jobId: number): Promise<void> {
    this.calls.push(`settled ${jobId}`);
  }
  isRunning(jobId: number): boolean {
    return this.running.has(jobId);
  }
}

/** A JobService over the memory repositories, with every event it emits recorded in order. */
export function jobWorld() {
  const clock = new FakeClock();
  const jobs = new MemoryJobRepository(clock);
  const titles = new MemoryTitleRepository();
  const logger = new RecordingLogger();
  const bus = new EventBus(logger);
  const emitted: { name: string; payload: Record<string, unknown> }[] = [];
  for (const name of [
    'job.created',
    'job.state_changed',
    'job.updated',
    'job.cleared',
    'jobs.reset',
    'job.progress',
    'title.updated',
  ] as const) {
    bus.on(name, (payload) => emitted.push({ name, payload: payload as unknown as Record<string, unknown> }));
  }
  const lifecycle = new JobLifecycle(logger);
  const service = new JobService(jobs, titles, bus, clock, logger, lifecycle);
  /** A job put straight into `state` (as the pipeline would have left it), with these titles. */
  const seed = async (state: JobState, patch: JobPatch = {}, newTitles: NewTitle[] = []) => {
    const job = await jobs.create({
      volumeLabel: 'SHOW_S1_D1',
      sourceKind: 'disc',
      contentType: 'tv',
      ...patch,
      state,
    });
    const rows = await titles.addToJob(job.id, newTitles);
    emitted.length = 0;
    return { job, titles: rows };
  };
  return { clock, jobs, titles, logger, bus, emitted, lifecycle, service, seed };
}
