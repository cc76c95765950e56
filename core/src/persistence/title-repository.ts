/** TitleRepository on MikroORM; every method is its own unit of work and returns plain records. */
import type { MikroORM } from '@mikro-orm/sqlite';
import { NotFoundError } from '@spindle/plugin-sdk';
import { TitleEntity } from './entities.ts';
import { newTitleRow, titlePatchData, toTitleRecord } from './entity-mappers.ts';
import type { TitleRepository } from './ports.ts';
import type { NewTitle, TitlePatch, TitleRecord } from './records.ts';

const BY_INDEX = { titleIndex: 'asc', id: 'asc' } as const;

export class MikroTitleRepository implements TitleRepository {
  constructor(private readonly orm: MikroORM) {}

  async replaceForJob(jobId: number, titles: NewTitle[]): Promise<TitleRecord[]> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      await tx.nativeDelete(TitleEntity, { job: jobId });
      const created = titles.map((title) => {
        const { jobId: job, ...data } = newTitleRow(jobId, title);
        return tx.create(TitleEntity, { ...data, job });
      });
      await tx.flush();
      return created.map(toTitleRecord).sort((a, b) => a.titleIndex - b.titleIndex || a.id - b.id);
    });
  }

  async addToJob(jobId: number, titles: NewTitle[]): Promise<TitleRecord[]> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      const created = titles.map((title) => {
        const { jobId: job, ...data } = newTitleRow(jobId, title);
        return tx.create(TitleEntity, { ...data, job });
      });
      await tx.flush();
      return created.map(toTitleRecord);
    });
  }

  async listByJob(jobId: number): Promise<TitleRecord[]> {
    const rows = await this.orm.em.fork().find(TitleEntity, { job: jobId }, { orderBy: BY_INDEX });
    return rows.map(toTitleRecord);
  }

  async get(id: number): Promise<TitleRecord | null> {
    const row = await this.orm.em.fork().findOne(TitleEntity, { id });
    return row ? toTitleRecord(row) : null;
  }

  async update(id: number, patch: TitlePatch): Promise<TitleRecord> {
    const em = this.orm.em.fork();
    return em.transactional(async (tx) => {
      const data = titlePatchData(patch);
      const affected =
        Object.keys(data).length === 0
          ? await tx.count(TitleEntity, { id })
          : await tx.nativeUpdate(TitleEntity, { id }, data);
      if (affected === 0)
        throw new NotFoundError('title_not_found', `Title ${id} not found`, { details: { titleId: id } });
      return toTitleRecord(await tx.findOneOrFail(TitleEntity, { id }));
    });
  }
}
