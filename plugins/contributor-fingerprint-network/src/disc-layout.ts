/** The disc-layout record of a completed job: one row per disc track, never a file name, path or content. */
import type { ContributedTitle, DiscContributionDraft, DiscLayoutRow, JobView } from '@spindle/plugin-sdk';
import { wireMatchSource } from './match-sources.ts';

export function discLayoutRow({ title, match }: ContributedTitle): DiscLayoutRow {
  const base = { title_index: title.titleIndex, duration_seconds: title.durationSeconds, size_bytes: title.sizeBytes };
  if (!match) return { ...base, assignment: 'discarded', match_confidence: 0, match_source: null };
  // A title matched by a source the wire has no name for (a runtime heuristic) is still what it was
  // matched as (a main feature, an extra): only its source stays unnamed. It is never fingerprinted.
  const row: DiscLayoutRow = {
    ...base,
    assignment: match.kind,
    match_confidence: match.confidence,
    match_source: wireMatchSource(match.source),
  };
  if (match.kind === 'episode') Object.assign(row, { season: match.season, episode: match.episode });
  return row;
}

/** null when the record cannot be keyed (no content hash — e.g. a simulated rip — or no catalog id). */
export function discLayoutDraft(
  job: JobView,
  titles: readonly ContributedTitle[],
  discContentHashB64: string | null,
): DiscContributionDraft | null {
  if (
    !discContentHashB64 ||
    job.catalogId === null ||
    (job.contentType !== 'tv' && job.contentType !== 'movie') ||
    titles.length === 0
  )
    return null;
  return {
    disc_content_hash_b64: discContentHashB64,
    catalog_id: job.catalogId,
    content_type: job.contentType,
    season: job.contentType === 'tv' ? job.detectedSeason : null,
    titles: [...titles].sort((a, b) => a.title.titleIndex - b.title.titleIndex).map(discLayoutRow),
  };
}
