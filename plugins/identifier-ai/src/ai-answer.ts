/** Checks the AI's JSON against the answer schema, field by field; anything else is rejected with a reason. */
import type { ContentType, JsonValue } from '@spindle/plugin-sdk';

export interface AiAnswer {
  contentType: ContentType;
  title: string | null;
  year: number | null;
  season: number | null;
  confidence: number;
}

export type Checked = { ok: true; answer: AiAnswer } | { ok: false; problem: string };

const FIELDS = ['content_type', 'title', 'year', 'season', 'confidence'];

export function checkAnswer(value: JsonValue, now: Date = new Date()): Checked {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, problem: 'the answer is not a JSON object' };
  const extra = Object.keys(value).filter((k) => !FIELDS.includes(k));
  if (extra.length > 0) return { ok: false, problem: `unexpected field(s) ${extra.join(', ')}` };
  const { content_type: type, title, year, season, confidence } = value;
  if (type !== 'tv' && type !== 'movie' && type !== 'unknown')
    return { ok: false, problem: 'content_type must be tv, movie or unknown' };
  if (title !== null && (typeof title !== 'string' || title.trim() === '' || title.length > 200))
    return { ok: false, problem: 'title must be a non-empty string of at most 200 characters, or null' };
  if (
    year !== null &&
    (typeof year !== 'number' || !Number.isInteger(year) || year < 1870 || year > now.getFullYear() + 2)
  )
    return { ok: false, problem: 'year must be a plausible year, or null' };
  if (season !== null && (typeof season !== 'number' || !Number.isInteger(season) || season < 0 || season > 100))
    return { ok: false, problem: 'season must be a whole number from 0 to 100, or null' };
  if (typeof confidence !== 'number' || !Number.isFinite(confidence) || confidence < 0 || confidence > 1)
    return { ok: false, problem: 'confidence must be a number from 0 to 1' };
  if (type !== 'unknown' && title === null) return { ok: false, problem: `a ${type} answer needs a title` };
  return {
    ok: true,
    answer: {
      contentType: type,
      title: title === null ? null : title.trim(),
      year,
      season: type === 'tv' ? season : null,
      confidence,
    },
  };
}
