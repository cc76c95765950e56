/**
 * JobRepository on MikroORM. Every method forks the EntityManager (its own short unit of work)
 * and returns plain records.
 */
import type { MikroORM } from '@mikro-orm/sqlite';
import { NotFoundError, type JobState } from '@spindle/plugin-sdk';
import { JobEntity, JobEventEntity, TitleEntity } from './entities.ts';
import { jobPatchData, newJobData, toJobEventRecord, toJobRecord } from './entity-mappers.ts';
import { computeJobStats } from './job-stats.ts';
import type { JobRepository } from './ports.ts';
import type { HistoryQuery, JobEventRecord, JobPatch, JobRecord, JobStats, NewJob } from './records.ts';
import { CASEFOLD_FUNCTION } from './sqlite-native.ts';

const TERMINAL_STATES: readonly JobState[] = ['completed', 'failed'];
const NEWEST_FIRST = { createdAt: 'desc', id: 'desc' } as const;

export class MikroJobRepository implements JobRepository {
  constructor(private readonly orm: MikroORM) {}

  async create(job: NewJob): Promise<JobRecord> {
    const em = this.orm.em.fork();
    const entity = em.create(JobEntity, newJobData(job, new Date()));
    await em.flush();
    return toJobRecord(entity);
  }

  async get(id: number): Promise<JobRecord | null> {
    const row = await this.orm.em.fork().findOne(JobEntity, { id });
    return row ? toJobRecord(row) : null;
  }

  async update(id: number, patch: JobPatch): Promise<JobRecord> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      const affected = await tx.nativeUpdate(JobEntity, { id }, { ...jobPatchData(patch), updatedAt: new Date() });
      if (affected === 0) throw jobNotFound(id);
      return toJobRecord(await tx.findOneOrFail(JobEntity, { id }));
    });
  }

  async transition(
    id: number,
    from: JobState,
    to: JobState,
    patch: JobPatch,
    message: string | null,
  ): Promise<JobRecord | null> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      const now = new Date();
      const data = { ...jobPatchData(patch), state: to, updatedAt: now };
      if (TERMINAL_STATES.includes(to) && patch.completedAt === undefined) data.completedAt = now;
      // Compare-and-set: the UPDATE only matches while the stored state is still `from`.
      const affected = await tx.nativeUpdate(JobEntity, { id, state: from }, data);
      if (affected === 0) return null;
      tx.create(JobEventEntity, { job: id, at: now, fromState: from, toState: to, message });
      await tx.flush();
      return toJobRecord(await tx.findOneOrFail(JobEntity, { id }));
    });
  }

  async listActive(limit: number): Promise<JobRecord[]> {
    const rows = await this.orm.em.fork().find(JobEntity, { clearedAt: null }, { orderBy: NEWEST_FIRST, limit });
    return rows.map(toJobRecord);
  }

  async listInStates(states: readonly JobState[]): Promise<JobRecord[]> {
    if (states.length === 0) return [];
    const rows = await this.orm.em.fork().find(JobEntity, { state: { $in: [...states] } }, { orderBy: { id: 'asc' } });
    return rows.map(toJobRecord);
  }

  async listFinishedUncleared(): Promise<JobRecord[]> {
    const rows = await this.orm.em
      .fork()
      .find(JobEntity, { state: { $in: [...TERMINAL_STATES] }, clearedAt: null }, { orderBy: { id: 'asc' } });
    return rows.map(toJobRecord);
  }

  async listBySourcePath(sourcePath: string): Promise<JobRecord[]> {
    const rows = await this.orm.em.fork().find(JobEntity, { sourcePath }, { orderBy: NEWEST_FIRST });
    return rows.map(toJobRecord);
  }

  async pageInState(state: JobState, page: number, perPage: number): Promise<{ items: JobRecord[]; total: number }> {
    const em = this.orm.em.fork();
    const [rows, total] = await em.findAndCount(
      JobEntity,
      { state },
      { orderBy: NEWEST_FIRST, limit: perPage, offset: (page - 1) * perPage },
    );
    return { items: rows.map(toJobRecord), total };
  }

  async history(query: HistoryQuery): Promise<{ items: JobRecord[]; total: number }> {
    const em = this.orm.em.fork();
    const perPage = Math.max(1, Math.floor(query.perPage));
    const page = Math.max(1, Math.floor(query.page));
    const qb = em
      .createQueryBuilder(JobEntity, 'j')
      .where({ state: { $in: query.state ? [query.state] : [...TERMINAL_STATES] } });
    if (query.contentType) qb.andWhere({ contentType: query.contentType });
    const needle = query.search?.trim();
    if (needle) {
      const folded = needle.normalize('NFKC').toLowerCase();
      const match = (column: string) => `instr(${CASEFOLD_FUNCTION}(j.${column}), ?) > 0`;
      qb.andWhere(`(${match('volume_label')} or ${match('detected_title')} or ${match('catalog_title')})`, [
        folded,
        folded,
        folded,
      ]);
    }
    const total = await qb.clone().getCount();
    const rows = await qb
      .orderBy(NEWEST_FIRST)
      .limit(perPage, (page - 1) * perPage)
      .getResultList();
    return { items: rows.map(toJobRecord), total };
  }

  async stats(topErrors: number, recent: number): Promise<JobStats> {
    const em = this.orm.em.fork();
    const aggregates = await computeJobStats(em, topErrors);
    const recentRows = await em.find(JobEntity, {}, { orderBy: NEWEST_FIRST, limit: recent });
    return { ...aggregates, recentJobs: recentRows.map(toJobRecord) };
  }

  async timeline(jobId: number): Promise<JobEventRecord[]> {
    const rows = await this.orm.em.fork().find(JobEventEntity, { job: jobId }, { orderBy: { at: 'asc', id: 'asc' } });
    return rows.map(toJobEventRecord);
  }

  async note(jobId: number, state: JobState, message: string): Promise<void> {
    const em = this.orm.em.fork();
    em.create(JobEventEntity, { job: jobId, at: new Date(), fromState: state, toState: state, message });
    await em.flush();
  }

  async deleteAll(): Promise<number> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      await tx.nativeDelete(JobEventEntity, {});
      await tx.nativeDelete(TitleEntity, {});
      return tx.nativeDelete(JobEntity, {});
    });
  }
}

function jobNotFound(id: number): NotFoundError {
  return new NotFoundError('job_not_found', `Job ${id} not found`, { details: { jobId: id } });
}
