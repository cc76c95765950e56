/**
 * The kind of extra an identifier tells for a title (migration 8, AddTitleExtraType) is stored with
 * the title and reaches the organizer through the title's match: a TV disc's featurette goes to the
 * show's Featurettes folder even when the episode matcher (or a reviewer) named no kind.
 */
import { describe, expect, it } from 'vitest';
import type { MatchResult } from '@spindle/plugin-sdk';
import { parseMatch } from '../../src/pipeline/job-view.ts';
import { openTempDatabase } from './test-database.ts';

const extra = (fields: Partial<MatchResult> = {}): string =>
  JSON.stringify({
    kind: 'extra',
    season: null,
    episode: null,
    episodeEnd: null,
    edition: null,
    confidence: 1,
    source: 'user_review',
    components: [],
    candidates: [],
    ...fields,
  });

describe('the extra type of a title', () => {
  it('is stored in the database, none by default, and can be cleared', async () => {
    const db = await openTempDatabase();
    const job = await db.jobs.create({ volumeLabel: 'SHOW_S1_D4', sourceKind: 'disc' });
    const [first, second] = await db.titles.replaceForJob(job.id, [
      { titleIndex: 0, durationSeconds: 1300, sizeBytes: 1 },
      { titleIndex: 1, durationSeconds: 600, sizeBytes: 1, extraType: 'deleted_scene' },
    ]);
    expect(first!.extraType).toBeNull();
    expect(second!.extraType).toBe('deleted_scene');
    await db.titles.update(first!.id, { extraType: 'featurette' });
    await db.titles.update(second!.id, { extraType: null });
    const stored = await db.titles.listByJob(job.id);
    expect(stored.map((t) => [t.titleIndex, t.extraType])).toEqual([
      [0, 'featurette'],
      [1, null],
    ]);
  });

  it('fills an extra match that names no kind, and never overrides one that does or touches other matches', async () => {
    const db = await openTempDatabase();
    const job = await db.jobs.create({ volumeLabel: 'SHOW_S1_D4', sourceKind: 'disc' });
    const [title] = await db.titles.replaceForJob(job.id, [
      { titleIndex: 3, durationSeconds: 700, sizeBytes: 1, extraType: 'featurette' },
    ]);
    const withMatch = (json: string) => db.titles.update(title!.id, { matchDetailsJson: json });
    expect(parseMatch(await withMatch(extra()))).toMatchObject({ kind: 'extra', extraType: 'featurette' });
    expect(parseMatch(await withMatch(extra({ extraType: null })))).toMatchObject({
      kind: 'extra',
      extraType: 'featurette',
    });
    expect(parseMatch(await withMatch(extra({ extraType: 'trailer' })))).toMatchObject({
      kind: 'extra',
      extraType: 'trailer',
    });
    expect(parseMatch(await withMatch(extra({ kind: 'episode', season: 1, episode: 4 })))).not.toHaveProperty(
      'extraType',
    );
    const untyped = await db.titles.update(title!.id, { extraType: null, matchDetailsJson: extra() });
    expect(parseMatch(untyped)).not.toHaveProperty('extraType');
  });
});
