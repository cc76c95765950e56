import { describe, expect, it } from 'vitest';
import {
  completedSummary,
  filedStatsOf,
  outcomeText,
  retryableFromOf,
  reviewKindOf,
  titleOutcomeOf,
} from '../src/lib/api/outcome-shapes.ts';
import { identifyBody, LIMITS, wholeNumber } from '../src/lib/identify-input.ts';
import { OFFICE_SEASON_2_BODY } from './support/identify-samples.ts';

describe('identify form input', () => {
  it('takes numbers as Svelte binds them (numbers, undefined or null when empty), and strings', () => {
    expect(wholeNumber(4, LIMITS.season)).toEqual({ value: 4 });
    expect(wholeNumber(0, LIMITS.season)).toEqual({ value: 0 });
    expect(wholeNumber(undefined, LIMITS.season)).toEqual({ value: null });
    expect(wholeNumber(null, LIMITS.season)).toEqual({ value: null });
    expect(wholeNumber(' 2005 ', LIMITS.year)).toEqual({ value: 2005 });
    expect(wholeNumber('', LIMITS.year)).toEqual({ value: null });
  });

  it('names the field for a fraction, a negative, an out-of-range value or junk', () => {
    expect(wholeNumber(2.5, LIMITS.disc)).toEqual({ error: 'Disc number must be a whole number' });
    expect(wholeNumber(-1, LIMITS.season)).toEqual({ error: 'Season must be between 0 and 1000' });
    expect(wholeNumber(1200, LIMITS.year)).toEqual({ error: 'Year must be between 1870 and 2200' });
    expect(wholeNumber(0, LIMITS.catalogId)).toEqual({ error: 'TMDB id must be between 1 and 2147483647' });
    expect(wholeNumber(Number.NaN, LIMITS.disc)).toEqual({ error: 'Disc number must be a whole number' });
    expect(wholeNumber({}, LIMITS.disc)).toEqual({ error: 'Disc number must be a whole number' });
  });

  it('builds the request body with integers, the season only for TV', () => {
    expect(
      identifyBody({ contentType: 'tv', title: ' The Office ', season: 2, year: 2005, catalogId: 2316, disc: 3 }),
    ).toEqual({ body: OFFICE_SEASON_2_BODY });
    expect(
      identifyBody({
        contentType: 'movie',
        title: 'Dune',
        season: 2,
        year: undefined,
        catalogId: null,
        disc: undefined,
      }),
    ).toEqual({
      body: { content_type: 'movie', detected_title: 'Dune', catalog_id: null, detected_year: null, disc_number: null },
    });
    expect(
      identifyBody({ contentType: 'tv', title: '  ', season: null, year: null, catalogId: 12, disc: null }),
    ).toMatchObject({ body: { detected_title: null, catalog_id: 12 } });
  });

  it('asks for a title or a catalog entry, and reports the first bad number', () => {
    expect(identifyBody({ contentType: 'tv', title: '', season: 1, year: null, catalogId: null, disc: null })).toEqual({
      error: 'Give the title, or choose an entry from the catalog search',
    });
    expect(
      identifyBody({ contentType: 'tv', title: 'X', season: 1.5, year: null, catalogId: null, disc: null }),
    ).toEqual({ error: 'Season must be a whole number' });
  });
});

describe('outcome readers', () => {
  it('reads what a review is about only while the job is in review', () => {
    expect(reviewKindOf({ state: 'review_needed', review_kind: 'nothing_filed' })).toBe('nothing_filed');
    expect(reviewKindOf({ state: 'review_needed', review_kind: null })).toBeNull();
    expect(reviewKindOf({ state: 'review_needed' })).toBeNull();
    expect(reviewKindOf({ state: 'ripping', review_kind: 'identity' })).toBeNull();
  });

  it('says how a title ended and why', () => {
    const short = titleOutcomeOf({ outcome: 'discarded', discard_reason: 'shorter than 120 s', discarded_by: 'rule' });
    expect(outcomeText(short)).toBe('not filed: shorter than 120 s');
    expect(outcomeText(titleOutcomeOf({ outcome: 'discarded', discard_reason: null, discarded_by: 'person' }))).toBe(
      'not filed: left out by a person',
    );
    expect(outcomeText(titleOutcomeOf({ outcome: 'discarded', discard_reason: '  ', discarded_by: 'rule' }))).toBe(
      'not filed',
    );
    expect(outcomeText(titleOutcomeOf({ outcome: 'filed' }))).toBe('filed');
    expect(outcomeText(titleOutcomeOf({}))).toBeNull();
  });

  it('summarises completed jobs by files filed, and reads retry and stats fields', () => {
    expect(completedSummary({ state: 'completed', files_filed: 3 })).toBe('completed, 3 files filed');
    expect(completedSummary({ state: 'completed', files_filed: 1 })).toBe('completed, 1 file filed');
    expect(completedSummary({ state: 'completed', files_filed: 0 })).toBe('completed, nothing filed');
    expect(completedSummary({ state: 'completed' })).toBeNull();
    expect(completedSummary({ state: 'failed', files_filed: 0 })).toBeNull();
    expect(retryableFromOf({ retryable_from: 'organizing' })).toBe('organizing');
    expect(retryableFromOf({ retryable_from: null })).toBeNull();
    const stats = {
      total_jobs: 6,
      completed: 5,
      failed: 1,
      tv: 6,
      movie: 0,
      avg_processing_seconds: null,
      top_errors: [],
      recent_jobs: [],
      completed_with_files: 4,
      completed_nothing_filed: 1,
      files_filed: 12,
    };
    expect(filedStatsOf(stats)).toEqual({ completedWithFiles: 4, completedNothingFiled: 1, filesFiled: 12 });
  });
});
