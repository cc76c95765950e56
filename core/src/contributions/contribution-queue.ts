/**
 * The persisted queues of pending contributions (episode fingerprints and disc-layout records)
 * and the marks of completed jobs whose contributors still have to run. Each method is one short
 * unit of work. A row leaves the queue only after the network acknowledged it.
 */
import { createHash } from 'node:crypto';
import { UniqueConstraintViolationException, type InferEntity } from '@mikro-orm/core';
import type { MikroORM } from '@mikro-orm/sqlite';
import type { DiscContributionDraft, EpisodeContributionDraft, QueuedContribution } from '@spindle/plugin-sdk';
import {
  ContributionRunEntity,
  PendingDiscContributionEntity,
  PendingEpisodeContributionEntity,
} from './contribution-entities.ts';

export type ContributionKind = 'episode' | 'disc';

export interface PendingContribution {
  kind: ContributionKind;
  id: number;
  pseudonym: string;
  draft: EpisodeContributionDraft | DiscContributionDraft;
  attempts: number;
}

export interface PendingCounts {
  episodes: number;
  discs: number;
  total: number;
}

/** The generic operations below only touch the columns both queue tables share. */
const entityOf = (kind: ContributionKind) =>
  (kind === 'episode'
    ? PendingEpisodeContributionEntity
    : PendingDiscContributionEntity) as unknown as typeof PendingEpisodeContributionEntity;

type PendingRow = InferEntity<typeof PendingEpisodeContributionEntity | typeof PendingDiscContributionEntity>;

function toPending(kind: ContributionKind, row: PendingRow): PendingContribution {
  return {
    kind,
    id: row.id,
    pseudonym: row.pseudonym,
    draft: JSON.parse(row.payloadJson) as PendingContribution['draft'],
    attempts: row.attempts ?? 0,
  };
}

export class ContributionQueue {
  constructor(private readonly orm: MikroORM) {}

  async queueEpisode(
    draft: EpisodeContributionDraft,
    pseudonym: string,
    jobId: number | null,
  ): Promise<QueuedContribution> {
    return this.insert('episode', draft.fingerprint_sha256_b64, {
      pseudonym,
      payloadJson: JSON.stringify(draft),
      catalogId: draft.catalog_id,
      season: draft.season,
      episode: draft.episode,
      jobId,
    });
  }

  async queueDisc(draft: DiscContributionDraft, pseudonym: string, jobId: number | null): Promise<QueuedContribution> {
    const payloadJson = JSON.stringify(draft);
    return this.insert('disc', createHash('sha256').update(payloadJson).digest('base64'), {
      pseudonym,
      payloadJson,
      catalogId: draft.catalog_id,
      season: draft.season,
      contentType: draft.content_type,
      titleCount: draft.titles.length,
      jobId,
    });
  }

  private async insert(
    kind: ContributionKind,
    dedupeKey: string,
    fields: Record<string, unknown>,
  ): Promise<QueuedContribution> {
    const em = this.orm.em.fork();
    const entity = entityOf(kind);
    const existing = await em.findOne(entity, { dedupeKey }, { fields: ['id'] });
    if (existing) return { kind, id: existing.id, duplicate: true };
    try {
      const row = em.create(entity, { ...fields, dedupeKey, createdAt: new Date() } as never);
      await em.flush();
      return { kind, id: row.id, duplicate: false };
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const row = await this.orm.em.fork().findOneOrFail(entity, { dedupeKey }, { fields: ['id'] });
      return { kind, id: row.id, duplicate: true };
    }
  }

  async pendingCounts(): Promise<PendingCounts> {
    const em = this.orm.em.fork();
    const episodes = await em.count(PendingEpisodeContributionEntity, { status: 'pending' });
    const discs = await em.count(PendingDiscContributionEntity, { status: 'pending' });
    return { episodes, discs, total: episodes + discs };
  }

  /** The oldest pending contributions of one kind. */
  async nextBatch(kind: ContributionKind, limit: number, afterId = 0): Promise<PendingContribution[]> {
    const rows = await this.orm.em
      .fork()
      .find(entityOf(kind), { status: 'pending', id: { $gt: afterId } }, { orderBy: { id: 'asc' }, limit });
    return rows.map((row) => toPending(kind, row));
  }

  async get(kind: ContributionKind, id: number): Promise<PendingContribution | null> {
    const row = await this.orm.em.fork().findOne(entityOf(kind), { id });
    return row ? toPending(kind, row) : null;
  }

  /** Removes an acknowledged contribution. */
  async remove(kind: ContributionKind, id: number): Promise<void> {
    await this.orm.em.fork().nativeDelete(entityOf(kind), { id });
  }

  async recordFailure(kind: ContributionKind, id: number, error: string): Promise<void> {
    const em = this.orm.em.fork();
    const row = await em.findOne(entityOf(kind), { id });
    if (!row) return;
    row.attempts = (row.attempts ?? 0) + 1;
    row.lastError = error.slice(0, 1000);
    await em.flush();
  }

  /** The network refused it for good (schema): kept, visible, never retried. */
  async reject(kind: ContributionKind, id: number, error: string): Promise<void> {
    await this.orm.em
      .fork()
      .nativeUpdate(entityOf(kind), { id }, { status: 'rejected', lastError: error.slice(0, 1000) });
  }

  /** Re-tags every queued contribution with the new pseudonym; returns how many. */
  async retag(pseudonym: string): Promise<number> {
    return await this.orm.em.fork().transactional(async (em) => {
      const episodes = await em.nativeUpdate(
        PendingEpisodeContributionEntity,
        { pseudonym: { $ne: pseudonym } },
        { pseudonym },
      );
      const discs = await em.nativeUpdate(
        PendingDiscContributionEntity,
        { pseudonym: { $ne: pseudonym } },
        { pseudonym },
      );
      return episodes + discs;
    });
  }

  /** Deletes every queued contribution of both kinds; returns how many. */
  async deleteAll(): Promise<number> {
    return await this.orm.em.fork().transactional(async (em) => {
      return (
        (await em.nativeDelete(PendingEpisodeContributionEntity, {})) +
        (await em.nativeDelete(PendingDiscContributionEntity, {}))
      );
    });
  }

  async markRun(jobId: number): Promise<void> {
    await this.orm.em
      .fork()
      .upsert(
        ContributionRunEntity,
        { jobId, createdAt: new Date() },
        { onConflictFields: ['jobId'], onConflictAction: 'ignore' },
      );
  }

  async finishRun(jobId: number): Promise<void> {
    await this.orm.em.fork().nativeDelete(ContributionRunEntity, { jobId });
  }

  async pendingRuns(): Promise<number[]> {
    const rows = await this.orm.em.fork().find(ContributionRunEntity, {}, { orderBy: { jobId: 'asc' } });
    return rows.map((r) => r.jobId);
  }
}
