/**
 * The identify form's fields → the body of POST /api/jobs/{id}/identify. Number inputs bound
 * with Svelte 5 hold numbers (or undefined/null when empty), never strings, so every reader here
 * takes `unknown` and sends integers as the API expects; a value the API would refuse becomes a
 * message naming the field instead of a request.
 */
import type { IdentifyJobBody } from './api/generated.ts';

export interface IdentifyFields {
  contentType: 'tv' | 'movie';
  title: unknown;
  season: unknown;
  year: unknown;
  catalogId: unknown;
  disc: unknown;
}

/** The API's limits (identify-routes.ts). */
export const LIMITS = {
  season: { min: 0, max: 1000, label: 'Season' },
  year: { min: 1870, max: 2200, label: 'Year' },
  catalogId: { min: 1, max: 2147483647, label: 'TMDB id' },
  disc: { min: 1, max: 1000, label: 'Disc number' },
} as const;

type Limit = (typeof LIMITS)[keyof typeof LIMITS];

/** A whole number within `limit`, null for an empty field, or a message for anything else. */
export function wholeNumber(value: unknown, limit: Limit): { value: number | null } | { error: string } {
  if (value === null || value === undefined) return { value: null };
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : null;
  if (text === null) return { error: `${limit.label} must be a whole number` };
  if (text === '') return { value: null };
  if (!/^-?\d+$/.test(text)) return { error: `${limit.label} must be a whole number` };
  const n = Number(text);
  if (n < limit.min || n > limit.max) return { error: `${limit.label} must be between ${limit.min} and ${limit.max}` };
  return { value: n };
}

/** The request body, or the first problem a person must fix. */
export function identifyBody(fields: IdentifyFields): { body: IdentifyJobBody } | { error: string } {
  const title = typeof fields.title === 'string' ? fields.title.trim() : '';
  const numbers: Record<keyof typeof LIMITS, number | null> = { season: null, year: null, catalogId: null, disc: null };
  for (const key of Object.keys(LIMITS) as (keyof typeof LIMITS)[]) {
    if (key === 'season' && fields.contentType !== 'tv') continue;
    const read = wholeNumber(fields[key], LIMITS[key]);
    if ('error' in read) return read;
    numbers[key] = read.value;
  }
  if (title === '' && numbers.catalogId === null)
    return { error: 'Give the title, or choose an entry from the catalog search' };
  if (title.length > 300) return { error: 'The title is longer than 300 characters' };
  return {
    body: {
      content_type: fields.contentType,
      detected_title: title || null,
      catalog_id: numbers.catalogId,
      detected_year: numbers.year,
      disc_number: numbers.disc,
      ...(fields.contentType === 'tv' ? { detected_season: numbers.season } : {}),
    },
  };
}
