/**
 * What to search the catalog for: names from the volume label (and its alias expansion), names
 * earlier identifiers found, or the identity the user declared; the year; and which kind of entry
 * the disc looks like.
 */
import { parseVolumeLabel, type ContentType, type IdentifyInput } from '@spindle/plugin-sdk';
import type { AliasTable } from './alias-table.ts';
import { normalizeName } from './name-similarity.ts';

export interface SearchPlan {
  queries: string[];
  year: number | null;
  season: number | null;
  discNumber: number | null;
  typeHint: ContentType;
  kinds: ('movie' | 'tv')[];
  /** The user said what the disc is: search that, and never hold the job. */
  declared: boolean;
  notes: string[];
}

const MAX_QUERIES = 4;

function unique(names: (string | null | undefined)[]): string[] {
  const seen = new Set<string>();
  return names.filter((n): n is string => {
    if (!n || normalizeName(n) === '' || seen.has(normalizeName(n))) return false;
    seen.add(normalizeName(n));
    return true;
  });
}

export function planSearch(input: IdentifyInput, aliases: AliasTable): SearchPlan | null {
  const { job } = input;
  const label = parseVolumeLabel(input.scan.volumeLabel || job.volumeLabel);
  if (job.identityDeclared && (job.contentType === 'tv' || job.contentType === 'movie') && job.detectedTitle) {
    return {
      queries: [job.detectedTitle],
      year: job.detectedYear,
      season: job.contentType === 'tv' ? job.detectedSeason : null,
      discNumber: job.discNumber,
      typeHint: job.contentType,
      kinds: [job.contentType],
      declared: true,
      notes: [`declared: ${job.contentType} "${job.detectedTitle}"`],
    };
  }
  const notes: string[] = [];
  const fromCatalogueNumber = label.catalogueNumber ? aliases.whole(label.catalogueNumber) : null;
  if (label.catalogueNumber) {
    notes.push(
      fromCatalogueNumber
        ? `catalogue number ${label.catalogueNumber} is listed as "${fromCatalogueNumber}"`
        : `label ${label.catalogueNumber} is a catalogue number, not a name`,
    );
  }
  const earlier = input.previous.filter((a) => a.confidence >= 0.5 && a.catalogId === null && a.title);
  const queries = unique([
    label.title,
    label.title ? aliases.expand(label.title) : null,
    fromCatalogueNumber,
    ...earlier.map((a) => a.title),
  ]).slice(0, MAX_QUERIES);
  if (queries.length === 0) return null;
  const hinted = [...input.previous]
    .filter((a) => a.confidence >= 0.5 && a.contentType !== 'unknown')
    .sort((a, b) => b.confidence - a.confidence)[0];
  const typeHint: ContentType = label.season !== null ? 'tv' : (hinted?.contentType ?? 'unknown');
  if (label.season !== null) notes.push(`the label names season ${label.season}: searching shows`);
  return {
    queries,
    year: label.year,
    season: label.season,
    discNumber: label.discNumber ?? label.volume,
    typeHint,
    kinds: label.season !== null ? ['tv'] : ['movie', 'tv'],
    declared: false,
    notes,
  };
}
