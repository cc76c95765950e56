/** Shape rules for what an identifier returns. */
import type { DiscScan } from '../../values.ts';
import { Problems } from './problems.ts';

const CONTENT_TYPES = ['tv', 'movie', 'unknown'] as const;
const SOURCES = ['catalog', 'heuristic', 'disc_lookup', 'ai'] as const;
const HINT_ROLES = ['episode_candidate', 'play_all', 'main_feature_candidate', 'extra', 'short'] as const;
export const ASSIGNMENTS = ['episode', 'main_movie', 'extra', 'discarded'] as const;

export function validateDiscMappings(p: Problems, path: string, mappings: unknown): void {
  if (!p.array(path, mappings)) return;
  mappings.forEach((m: unknown, i) => {
    const at = `${path}[${i}]`;
    if (!p.object(at, m)) return;
    p.number(`${at}.titleIndex`, m.titleIndex, { integer: true, min: 0 });
    p.oneOf(`${at}.assignment`, m.assignment, ASSIGNMENTS);
    p.number(`${at}.season`, m.season, { integer: true, min: 0, nullable: true });
    p.number(`${at}.episode`, m.episode, { integer: true, min: 0, nullable: true });
    p.number(`${at}.episodeEnd`, m.episodeEnd, { integer: true, min: 0, nullable: true });
    p.string(`${at}.name`, m.name, { nullable: true });
    if (m.durationSeconds !== undefined)
      p.number(`${at}.durationSeconds`, m.durationSeconds, { min: 0, nullable: true });
  });
}

/** Validates an Identification; with the scan, also checks that hints name scanned titles. */
export function validateIdentification(value: unknown, scan?: DiscScan): string[] {
  const p = new Problems();
  if (!p.object('identification', value)) return p.list;
  const id = value;
  p.oneOf('identification.contentType', id.contentType, CONTENT_TYPES);
  p.oneOf('identification.source', id.source, SOURCES);
  p.unit('identification.confidence', id.confidence);
  p.string('identification.title', id.title, { nullable: true, nonEmpty: true });
  p.number('identification.year', id.year, { integer: true, min: 1870, max: 2200, nullable: true });
  p.number('identification.season', id.season, { integer: true, min: 0, nullable: true });
  p.number('identification.discNumber', id.discNumber, { integer: true, min: 1, nullable: true });
  p.number('identification.catalogId', id.catalogId, { integer: true, min: 1, nullable: true });
  p.string('identification.catalogTitle', id.catalogTitle, { nullable: true });
  if (id.discLookup !== null && p.object('identification.discLookup', id.discLookup)) {
    p.string('identification.discLookup.titleSlug', id.discLookup.titleSlug, { nonEmpty: true });
    p.string('identification.discLookup.discSlug', id.discLookup.discSlug, { nonEmpty: true });
    validateDiscMappings(p, 'identification.discLookup.mappings', id.discLookup.mappings);
  }
  const indexes = scan ? new Set(scan.titles.map((t) => t.index)) : null;
  if (p.array('identification.titleHints', id.titleHints)) {
    const hinted = new Set<number>();
    id.titleHints.forEach((hint: unknown, i) => {
      const at = `identification.titleHints[${i}]`;
      if (!p.object(at, hint)) return;
      p.number(`${at}.titleIndex`, hint.titleIndex, { integer: true, min: 0 });
      p.oneOf(`${at}.role`, hint.role, HINT_ROLES);
      p.boolean(`${at}.rip`, hint.rip);
      p.optionalString(`${at}.reason`, hint.reason);
      if (typeof hint.titleIndex !== 'number') return;
      if (indexes && !indexes.has(hint.titleIndex))
        p.add(`${at} names title ${hint.titleIndex}, which the scan does not have`);
      if (hinted.has(hint.titleIndex)) p.add(`${at} hints title ${hint.titleIndex} twice`);
      hinted.add(hint.titleIndex);
    });
  }
  p.boolean('identification.ambiguousMovie', id.ambiguousMovie);
  p.string('identification.reviewReason', id.reviewReason, { nullable: true, nonEmpty: true });
  if (id.ambiguousMovie === true && id.reviewReason === null)
    p.add('identification.ambiguousMovie is true but no reviewReason says why');
  if (id.holdForReview !== undefined) p.boolean('identification.holdForReview', id.holdForReview);
  if (id.holdForReview === true && id.reviewReason === null)
    p.add('identification.holdForReview is true but no reviewReason says why');
  if (p.array('identification.evidence', id.evidence)) {
    id.evidence.forEach((e: unknown, i) => p.string(`identification.evidence[${i}]`, e));
  }
  return p.list;
}
