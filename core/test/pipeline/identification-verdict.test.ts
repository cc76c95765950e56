import { describe, expect, it } from 'vitest';
import { decideIdentification } from '../../src/pipeline/identification-verdict.ts';
import type { JobRecord } from '../../src/persistence/records.ts';
import { identificationAnswer, jobRecord } from '../support/records.ts';

const job = (fields: Partial<JobRecord> = {}): JobRecord =>
  jobRecord({ sourceKind: 'folder', sourcePath: '/x', stagingPath: '/x', ...fields });
const answer = identificationAnswer;

describe('decideIdentification', () => {
  it('lets a confident winner through and stores what it says', () => {
    const winner = answer({});
    const verdict = decideIdentification(job(), [winner], winner);
    expect(verdict.reviewReason).toBeNull();
    expect(verdict.patch).toMatchObject({
      contentType: 'tv',
      detectedTitle: 'Show Name',
      detectedSeason: 1,
      discNumber: 1,
      classificationSource: 'heuristic',
      classificationConfidence: 0.85,
    });
  });

  it('takes the catalog id from an agreeing medium answer when the winner has none', () => {
    const catalog = answer({
      source: 'catalog',
      confidence: 0.7,
      title: 'Show Name',
      catalogId: 42,
      catalogTitle: 'Show Name (US)',
      year: 2004,
    });
    const winner = answer({});
    const verdict = decideIdentification(job(), [catalog, winner], winner);
    expect(verdict.patch).toMatchObject({
      catalogId: 42,
      catalogTitle: 'Show Name (US)',
      detectedTitle: 'Show Name (US)',
      detectedYear: 2004,
      classificationSource: 'heuristic',
    });
  });

  it('never takes a catalog id from an answer of the other kind', () => {
    const catalog = answer({ source: 'catalog', contentType: 'movie', confidence: 0.4, catalogId: 42 });
    const winner = answer({});
    expect(decideIdentification(job(), [catalog, winner], winner).patch.catalogId).toBeNull();
  });

  it('holds the job when an answer asks to, even after a confident winner', () => {
    const degraded = answer({
      source: 'catalog',
      contentType: 'unknown',
      confidence: 0,
      holdForReview: true,
      reviewReason: 'catalog degraded: TMDB refused the Read Access Token (HTTP 401)',
    });
    const winner = answer({});
    const verdict = decideIdentification(job(), [degraded, winner], winner);
    expect(verdict.reviewReason).toBe('catalog degraded: TMDB refused the Read Access Token (HTTP 401)');
    expect(verdict.patch.contentType).toBe('tv');
  });

  it('stops when identifiers disagree about TV vs movie', () => {
    const catalog = answer({
      source: 'catalog',
      contentType: 'movie',
      confidence: 0.7,
      title: 'Show Name: The Movie',
      catalogId: 9,
    });
    const winner = answer({});
    expect(decideIdentification(job(), [catalog, winner], winner).reviewReason).toBe(
      'Identifiers disagree: heuristic says tv "Show Name" (85%), catalog says movie "Show Name: The Movie" (70%); say what this disc is',
    );
  });

  it('stops on a low best answer and names the other reasons and failures', () => {
    const low = answer({ contentType: 'unknown', confidence: 0.2 });
    const failed = answer({
      source: 'catalog',
      contentType: 'unknown',
      confidence: 0,
      reviewReason: 'catalog lookup failed: TMDB answered HTTP 503',
    });
    const verdict = decideIdentification(job(), [failed, low], null, ['identifier ai failed: boom']);
    expect(verdict.best).toBe(low);
    expect(verdict.reviewReason).toBe(
      'Identification confidence is low (20%, heuristic); confirm what this disc is (also: catalog lookup failed: TMDB answered HTTP 503; identifier ai failed: boom)',
    );
  });

  it('stops for an ambiguous movie and when nobody answered', () => {
    const movie = answer({
      contentType: 'movie',
      confidence: 0.5,
      ambiguousMovie: true,
      reviewReason: '2 titles could be the main feature',
    });
    expect(decideIdentification(job(), [movie], null).reviewReason).toBe('2 titles could be the main feature');
    expect(decideIdentification(job(), [], null).reviewReason).toBe(
      'No identifier could tell what this disc is; say what it is to continue',
    );
  });

  it('lets a medium best answer through', () => {
    const medium = answer({ confidence: 0.6 });
    expect(decideIdentification(job(), [medium], null).reviewReason).toBeNull();
  });

  it('never stops a declared identity, and only fills in what the user left empty', () => {
    const declared = job({ identityDeclared: true, contentType: 'tv', detectedTitle: 'My Show', detectedSeason: 3 });
    const degraded = answer({
      source: 'catalog',
      contentType: 'unknown',
      confidence: 0,
      holdForReview: true,
      reviewReason: 'catalog degraded',
    });
    const catalog = answer({
      source: 'catalog',
      confidence: 0.9,
      title: 'My Show',
      catalogId: 77,
      catalogTitle: 'My Show',
      year: 2011,
      season: 3,
    });
    const heuristic = answer({ contentType: 'movie', confidence: 0.8, title: 'Whatever', season: null, discNumber: 2 });
    const verdict = decideIdentification(declared, [degraded, catalog, heuristic], heuristic);
    expect(verdict.reviewReason).toBeNull();
    expect(verdict.patch).toMatchObject({ catalogId: 77, catalogTitle: 'My Show', detectedYear: 2011, discNumber: 2 });
    expect(verdict.patch).not.toHaveProperty('contentType');
    expect(verdict.patch).not.toHaveProperty('detectedTitle');
  });

  it('keeps the stored disc mappings when the best answer has none', () => {
    const winner = answer({});
    expect(decideIdentification(job({ discMappingsJson: '[1]' }), [winner], winner).patch.discMappingsJson).toBe('[1]');
  });

  it('uses the season the volume label names when no answer gives one (MY_SHOW_S1_D1)', () => {
    const labelled = job({ volumeLabel: 'MY_SHOW_S1_D1' });
    // A confident answer that names the show but no season (e.g. an AI identifier).
    const ai = answer({ source: 'ai', confidence: 0.9, title: 'My Show', season: null, discNumber: null });
    expect(decideIdentification(labelled, [ai], ai).patch.detectedSeason).toBe(1);
    // The heuristic could not tell (no episode cluster): the job waits, and the season is kept for the form.
    const unsure = answer({ contentType: 'unknown', confidence: 0.2, season: null });
    const waiting = decideIdentification(labelled, [unsure], null);
    expect(waiting.reviewReason).toMatch(/confirm what this disc is/);
    expect(waiting.patch.detectedSeason).toBe(1);
    // The person says it is TV without typing a season: the label's season is used.
    const declared = job({
      volumeLabel: 'MY_SHOW_S1_D1',
      identityDeclared: true,
      contentType: 'tv',
      detectedTitle: 'My Show',
    });
    expect(decideIdentification(declared, [unsure], null).patch.detectedSeason).toBe(1);
    // A season typed by the person, or given by an answer, wins over the label; a movie has none.
    expect(decideIdentification(job({ ...declared, detectedSeason: 4 }), [unsure], null).patch).not.toHaveProperty(
      'detectedSeason',
    );
    expect(decideIdentification(labelled, [answer({ season: 2 })], null).patch.detectedSeason).toBe(2);
    const movie = answer({ contentType: 'movie', season: null });
    expect(decideIdentification(labelled, [movie], movie).patch.detectedSeason).toBeNull();
    expect(decideIdentification(job({ volumeLabel: 'MY_SHOW_D1' }), [ai], ai).patch.detectedSeason).toBeNull();
  });
});
