/** Raw contributions: insert with exact-duplicate detection, peers of a label, conflicts, forget. */
import { UniqueConstraintViolationException, type MikroORM } from '@mikro-orm/core';
import { ContributorEntity, DiscContributionEntity, EpisodeContributionEntity } from './entities.ts';

export interface NewEpisodeContribution {
  pseudonym: string;
  catalogId: number;
  season: number | null;
  episode: number | null;
  items: Buffer;
  itemCount: number;
  fingerprintSha256: string;
  discContentHash: string | null;
  matchConfidence: number;
  matchSource: string;
  clientVersion: string;
  /** Set when screening kept it out of promotion. */
  flagReason?: string | null;
}

export interface NewDiscContribution {
  pseudonym: string;
  discContentHash: string;
  catalogId: number;
  contentType: string;
  season: number | null;
  titlesJson: string;
  recordSha256: string;
  clientVersion: string;
}

export interface PeerSummary {
  id: number;
  pseudonym: string;
  discContentHash: string | null;
  createdAt: Date;
}

export type InsertOutcome = { status: 'accepted'; id: number; createdAt: Date } | { status: 'duplicate' };

export class ContributionStore {
  constructor(
    private readonly orm: MikroORM,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async insertEpisode(row: NewEpisodeContribution): Promise<InsertOutcome> {
    const em = this.orm.em.fork();
    if (await em.count(EpisodeContributionEntity, { fingerprintSha256: row.fingerprintSha256 }))
      return { status: 'duplicate' };
    try {
      const entity = em.create(EpisodeContributionEntity, {
        ...row,
        flagReason: row.flagReason ?? null,
        createdAt: new Date(this.now()),
      });
      await em.flush();
      return { status: 'accepted', id: entity.id, createdAt: entity.createdAt };
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return { status: 'duplicate' };
      throw error;
    }
  }

  async insertDisc(row: NewDiscContribution): Promise<InsertOutcome> {
    const em = this.orm.em.fork();
    if (await em.count(DiscContributionEntity, { recordSha256: row.recordSha256 })) return { status: 'duplicate' };
    try {
      const entity = em.create(DiscContributionEntity, { ...row, createdAt: new Date(this.now()) });
      await em.flush();
      return { status: 'accepted', id: entity.id, createdAt: entity.createdAt };
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return { status: 'duplicate' };
      throw error;
    }
  }

  /**
   * Unscreened contributions for one label confident enough to count toward promotion, newest
   * first — without their fingerprints (fetched one at a time with `itemsOf`, only for the peers
   * that could change the outcome).
   */
  async peers(
    label: { catalogId: number; season: number | null; episode: number | null },
    minConfidence: number,
    limit = 200,
  ): Promise<PeerSummary[]> {
    const rows = await this.orm.em.fork().find(
      EpisodeContributionEntity,
      {
        catalogId: label.catalogId,
        season: label.season,
        episode: label.episode,
        matchConfidence: { $gte: minConfidence },
        flagReason: null,
      },
      { orderBy: { id: 'desc' }, limit, fields: ['id', 'pseudonym', 'discContentHash', 'createdAt'] },
    );
    return rows.map((r) => ({
      id: r.id,
      pseudonym: r.pseudonym,
      discContentHash: r.discContentHash ?? null,
      createdAt: new Date(r.createdAt),
    }));
  }

  async itemsOf(id: number): Promise<Uint8Array | null> {
    const row = await this.orm.em.fork().findOne(EpisodeContributionEntity, { id }, { fields: ['id', 'items'] });
    return row ? row.items : null;
  }

  /** Counts one more conflict for the pseudonym (its contributor row exists: the rate limiter made it). */
  async addConflict(pseudonym: string): Promise<void> {
    await this.orm.em
      .getConnection()
      .execute('update contributor set conflict_count = conflict_count + 1 where pseudonym = ?', [pseudonym]);
  }

  /** The pseudonyms among `pseudonyms` with at least `limit` conflicts: they no longer count. */
  async conflicted(pseudonyms: readonly string[], limit: number): Promise<Set<string>> {
    if (pseudonyms.length === 0) return new Set();
    const rows = await this.orm.em
      .fork()
      .find(
        ContributorEntity,
        { pseudonym: { $in: [...new Set(pseudonyms)] }, conflictCount: { $gte: limit } },
        { fields: ['pseudonym'] },
      );
    return new Set(rows.map((r) => r.pseudonym));
  }

  /** Deletes a pseudonym's raw contributions and its contributor row; canonical fingerprints stay. */
  async forget(pseudonym: string): Promise<{ episodes: number; discs: number }> {
    return await this.orm.em.fork().transactional(async (em) => {
      const episodes = await em.nativeDelete(EpisodeContributionEntity, { pseudonym });
      const discs = await em.nativeDelete(DiscContributionEntity, { pseudonym });
      await em.nativeDelete(ContributorEntity, { pseudonym });
      return { episodes, discs };
    });
  }

  async counts(): Promise<{ episodes: number; discs: number; contributors: number }> {
    const em = this.orm.em.fork();
    return {
      episodes: await em.count(EpisodeContributionEntity, {}),
      discs: await em.count(DiscContributionEntity, {}),
      contributors: await em.count(ContributorEntity, {}),
    };
  }
}
