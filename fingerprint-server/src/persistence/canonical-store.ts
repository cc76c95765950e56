/**
 * Canonical fingerprints and their identify index (one row per sampled term and fingerprint).
 * A lookup is one indexed `term in (…)` query grouped by fingerprint, so its cost follows the
 * number of query terms and their hits, not the size of the canonical set.
 */
import type { MikroORM } from '@mikro-orm/core';
import { indexTerms, itemsToBytes } from '../identify/fingerprint-compare.ts';
import { CanonicalFingerprintEntity, CanonicalTermEntity, type CanonicalFingerprintRow } from './entities.ts';

export interface Label {
  catalogId: number;
  season: number | null;
  episode: number | null;
}

export interface NewCanonical extends Label {
  items: ArrayLike<number>;
  releaseCount: number;
}

const TERM_ROWS_PER_INSERT = 400;

export class CanonicalStore {
  constructor(private readonly orm: MikroORM) {}

  async forLabel(label: Label): Promise<CanonicalFingerprintRow[]> {
    return await this.orm.em
      .fork()
      .find(CanonicalFingerprintEntity, { catalogId: label.catalogId, season: label.season, episode: label.episode });
  }

  async setReleaseCount(id: number, releaseCount: number): Promise<void> {
    await this.orm.em.fork().nativeUpdate(CanonicalFingerprintEntity, { id }, { releaseCount });
  }

  /** Adds canonical fingerprints with their index terms, in one transaction. */
  async insert(list: readonly NewCanonical[]): Promise<number[]> {
    return await this.orm.em.fork().transactional(async (em) => {
      const rows = list.map((c) =>
        em.create(CanonicalFingerprintEntity, {
          catalogId: c.catalogId,
          season: c.season,
          episode: c.episode,
          items: itemsToBytes(c.items),
          itemCount: c.items.length,
          releaseCount: c.releaseCount,
          promotedAt: new Date(),
        }),
      );
      await em.flush();
      const connection = em.getConnection();
      const pairs: number[] = [];
      const flush = async () => {
        if (pairs.length === 0) return;
        const values = new Array(pairs.length / 2).fill('(?, ?)').join(', ');
        await connection.execute(
          `insert into canonical_term (term, fingerprint_id) values ${values}`,
          pairs,
          'run',
          em.getTransactionContext(),
        );
        pairs.length = 0;
      };
      for (const [k, row] of rows.entries()) {
        for (const term of indexTerms(list[k]!.items)) {
          pairs.push(term, row.id);
          if (pairs.length >= TERM_ROWS_PER_INSERT * 2) await flush();
        }
      }
      await flush();
      return rows.map((r) => r.id);
    });
  }

  /** Fingerprints sharing the most index terms with the query, most shared first. */
  async candidatesForTerms(
    terms: readonly number[],
    limit: number,
    minHits = 2,
  ): Promise<{ id: number; hits: number }[]> {
    if (terms.length === 0) return [];
    const placeholders = terms.map(() => '?').join(', ');
    const rows = (await this.orm.em
      .getConnection()
      .execute(
        `select fingerprint_id as id, count(*) as hits from canonical_term where term in (${placeholders}) ` +
          `group by fingerprint_id having count(*) >= ? order by hits desc limit ?`,
        [...terms, minHits, limit],
      )) as { id: number | string; hits: number | string }[];
    return rows.map((r) => ({ id: Number(r.id), hits: Number(r.hits) }));
  }

  async getMany(ids: readonly number[]): Promise<CanonicalFingerprintRow[]> {
    if (ids.length === 0) return [];
    return await this.orm.em.fork().find(CanonicalFingerprintEntity, { id: { $in: [...ids] } });
  }

  async count(): Promise<number> {
    return await this.orm.em.fork().count(CanonicalFingerprintEntity, {});
  }

  async termCount(): Promise<number> {
    return await this.orm.em.fork().count(CanonicalTermEntity, {});
  }
}
