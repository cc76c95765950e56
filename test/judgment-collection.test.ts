/**
 * The corpus rule for a disc of standalone works of episode length (TV specials, short films): what counts as such
 * a collection, when the heuristic has left it open (episodes or films, for review), and when every work is ripped
 * as its own item. A collection called plain TV, or a work ripped as an extra or not at all, is not judged right.
 */
import { describe, expect, it } from 'vitest';
import type { Identification, TitleHint } from '@spindle/plugin-sdk';
import { everyWorkRipped, isCollection, leftOpen } from './judgment/judgment-collection.ts';
import type { RealDisc, TruthTitle } from './judgment/judgment-discs.ts';
import { COLLECTION_OR_EPISODES } from '../plugins/identifier-heuristic/src/collection-disc.ts';

const title = (Index: number, Duration: string, Type?: string): TruthTitle => ({
  Index,
  Duration,
  Size: 1,
  ...(Type ? { Item: { Type } } : {}),
});

const disc = (kind: 'movie' | 'series', titles: TruthTitle[]): RealDisc => ({
  stem: 'x',
  kind,
  origin: 'corpus',
  heldOut: false,
  set: 'tune',
  record: { Index: 1, Format: 'Blu-Ray', Titles: titles },
  transcript: null,
});

const answer = (contentType: Identification['contentType'], reviewReason: string | null, hints: TitleHint[] = []) =>
  ({ contentType, reviewReason, titleHints: hints }) as unknown as Identification;

const specials = [title(0, '0:25:15', 'MainMovie'), title(1, '0:48:13', 'MainMovie'), title(2, '0:01:00')];

describe('a collection of specials in the corpus', () => {
  it('is a movie disc of two or more works, none of feature length', () => {
    expect(isCollection(disc('movie', specials))).toBe(true);
    expect(isCollection(disc('movie', [specials[0]!, title(1, '1:32:00', 'MainMovie')]))).toBe(false);
    expect(isCollection(disc('movie', [specials[0]!, title(1, '0:30:00', 'Extra')]))).toBe(false);
    expect(isCollection(disc('series', specials))).toBe(false);
  });

  it('is left open only by a TV reading with the episodes-or-collection review reason', () => {
    expect(leftOpen(answer('tv', `${COLLECTION_OR_EPISODES} (each its own film in the catalog): …`))).toBe(true);
    expect(leftOpen(answer('tv', null))).toBe(false);
    expect(leftOpen(answer('tv', 'a bonus disc of a series'))).toBe(false);
    expect(leftOpen(answer('movie', `${COLLECTION_OR_EPISODES} …`))).toBe(false);
  });

  it('has its works ripped when each is ripped as an episode or main-feature candidate', () => {
    const hint = (titleIndex: number, role: TitleHint['role'], rip = true): TitleHint => ({ titleIndex, role, rip });
    const titles = disc('movie', specials).record.Titles;
    const open = (hints: TitleHint[]) => answer('tv', COLLECTION_OR_EPISODES, hints);
    expect(everyWorkRipped(titles, open([hint(0, 'episode_candidate'), hint(1, 'main_feature_candidate')]))).toBe(true);
    expect(everyWorkRipped(titles, open([hint(0, 'episode_candidate'), hint(1, 'extra')]))).toBe(false);
    expect(everyWorkRipped(titles, open([hint(0, 'episode_candidate'), hint(1, 'play_all', false)]))).toBe(false);
    expect(everyWorkRipped(titles, open([hint(0, 'episode_candidate')]))).toBe(false);
  });
});
