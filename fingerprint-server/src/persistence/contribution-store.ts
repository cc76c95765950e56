/** Raw contributions: insert with exact-duplicate detection, peers of a label, forget. */
import { UniqueConstraintViolationException, type MikroORM } from '@mikro-orm/core';
import { ContributorEntity, DiscContributionEntity, EpisodeContributionEntity, type EpisodeContributionRow } from './entities.ts';

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

export type InsertOutcome = { status: 'accepted'; id: number } | { status: 'duplicate' };

export class ContributionStore {
  constructor(private readonly orm: MikroORM) {}

  async insertEpisode(row: NewEpisodeContribution): Promise<InsertOutcome> {
    const em = this.orm.em.fork();
    if (await em.count(EpisodeContributionEntity, { fingerprintSha256: row.fingerprintSha256 })) return { status: 'duplicate' };
    try {
      const entity = em.create(EpisodeContributionEntity, { ...row, createdAt: new Date() });
      await em.flush();
      return { status: 'accepted', id: entity.id };
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return { status: 'duplicate' };
      throw error;
    }
  }

  async insertDisc(row: NewDiscContribution): Promise<InsertOutcome> {
    const em = this.orm.em.fork();
    if (await em.count(DiscContributionEntity, { recordSha256: row.recordSha256 })) return { status: 'duplicate' };
    try {
      const entity = em.create(DiscContributionEntity, { ...row, createdAt: new Date() });
      await em.flush();
      return { status: 'accepted', id: entity.id };
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return { status: 'duplicate' };
      throw error;
    }
  }

  /** Contributions for one label confident enough to count toward promotion, newest first. */
  async peers(label: { catalogId: number; season: number | null; episode: number | null }, minConfidence: number, limit = 200): Promise<EpisodeContributionRow[]> {
    return await this.orm.em
      .fork()
      .find(
        EpisodeContributionEntity,
        { catalogId: label.catalogId, season: label.season, episode: label.episode, matchConfidence: { $gte: minConfidence } },
        { orderBy: { id: 'desc' }, limit },
      );
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
