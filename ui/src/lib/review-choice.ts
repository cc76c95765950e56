/**
 * The choice a person makes for one title in review, as the review item's form holds it: "c<i>" the i-th
 * candidate, "other" a typed episode code, "edition" the main feature, "skip". Here: the choice offered first,
 * the words for a candidate, and the request body a choice makes.
 */
import type { MatchCandidate, MatchDetails } from './api/outcome-shapes.ts';
import { episodeCode, parseEpisodeCode } from './format.ts';

/** What the review endpoint is sent for one title (the conflict answer is added by the form). */
export interface ReviewBody {
  episode_code?: string | null;
  edition?: string | null;
  skip?: boolean;
  conflict_resolution?: 'skip' | 'overwrite' | null;
}

/** The best candidate, else the matcher's own answer, else what fits the disc (a typed code is given when known). */
export function initialChoice(
  candidates: readonly MatchCandidate[],
  details: MatchDetails | null,
  movie: boolean,
): { choice: string; otherCode?: string } {
  if (candidates.length) return { choice: 'c0' };
  if (details?.kind === 'main_movie') return { choice: 'edition' };
  if (details?.kind === 'episode' && details.season !== null && details.episode !== null)
    return { choice: 'other', otherCode: episodeCode(details.season, details.episode) ?? '' };
  return { choice: movie ? 'edition' : 'other' };
}

export function candidateLabel(c: MatchCandidate): string {
  if (c.kind === 'episode') return episodeCode(c.season, c.episode, c.episodeEnd) ?? 'Episode';
  if (c.kind === 'main_movie') return c.edition ? `Main feature — ${c.edition}` : 'Main feature';
  if (c.kind === 'extra') return 'Extra';
  return 'Discard';
}

/**
 * The body a choice makes: `{ error }` when the typed episode code does not read as one, null when the chosen
 * candidate is no longer there.
 */
export function decisionBody(
  choice: string,
  candidates: readonly MatchCandidate[],
  otherCode: string,
  edition: string,
): ReviewBody | { error: string } | null {
  const body: ReviewBody = {};
  if (choice === 'skip') body.skip = true;
  else if (choice === 'other') {
    const code = parseEpisodeCode(otherCode);
    if (!code) return { error: 'Enter an episode as SxxExx, for example S01E05.' };
    body.episode_code = code;
  } else if (choice === 'edition') {
    body.episode_code = null;
    body.edition = edition.trim() || null;
  } else if (choice.startsWith('c')) {
    const c = candidates[Number(choice.slice(1))];
    if (!c) return null;
    if (c.kind === 'episode') body.episode_code = episodeCode(c.season, c.episode);
    else if (c.kind === 'main_movie') {
      body.episode_code = null;
      body.edition = edition.trim() || c.edition || null;
    } else body.skip = c.kind === 'discarded';
  }
  return body;
}
