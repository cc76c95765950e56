/**
 * Typed parts of a job's detail: the identification answers (classification evidence), the disc
 * lookup's mappings, a title's match details and its review. They are the SDK's value objects
 * (camelCase, as @spindle/plugin-sdk declares them), projected to the declared fields so the
 * OpenAPI document says exactly what arrives; stored JSON that cannot be read becomes null.
 */
import type { DiscMapping, Identification, MatchCandidate, MatchResult, ScoreComponent } from '@spindle/plugin-sdk';
import { TITLE_REVIEW_KINDS, type TitleReview } from '../../jobs/title-review.ts';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const list = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => !!x && typeof x === 'object') : [];

export function parseJson(json: string | null): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}

const ASSIGNMENTS = ['episode', 'main_movie', 'extra', 'discarded'] as const;
const assignment = (v: unknown): MatchCandidate['kind'] =>
  ASSIGNMENTS.includes(v as MatchCandidate['kind']) ? (v as MatchCandidate['kind']) : 'discarded';

function candidateWire(c: Record<string, unknown>): MatchCandidate {
  return {
    kind: assignment(c.kind),
    season: num(c.season),
    episode: num(c.episode),
    episodeEnd: num(c.episodeEnd),
    edition: text(c.edition),
    score: num(c.score) ?? 0,
  };
}

function componentWire(
  c: Record<string, unknown>,
): Required<Omit<ScoreComponent, 'detail'>> & { detail: string | null } {
  return { name: text(c.name) ?? '?', value: num(c.value) ?? 0, weight: num(c.weight) ?? 0, detail: text(c.detail) };
}

/** A title's stored MatchResult, as declared by `matchDetailsSchema`. */
export function toMatchDetailsWire(json: string | null) {
  const o = parseJson(json) as Partial<Record<keyof MatchResult, unknown>> | null;
  if (!o || typeof o !== 'object' || Array.isArray(o)) return null;
  return {
    kind: assignment(o.kind),
    season: num(o.season),
    episode: num(o.episode),
    episodeEnd: num(o.episodeEnd),
    edition: text(o.edition),
    extraType: text(o.extraType),
    confidence: num(o.confidence) ?? 0,
    source: text(o.source) ?? 'unknown',
    components: list(o.components).map(componentWire),
    candidates: list(o.candidates).map(candidateWire),
  };
}

export function toMappingWire(m: Partial<Record<keyof DiscMapping, unknown>>) {
  return {
    titleIndex: num(m.titleIndex) ?? 0,
    assignment: assignment(m.assignment),
    season: num(m.season),
    episode: num(m.episode),
    episodeEnd: num(m.episodeEnd),
    name: text(m.name),
    extraType: text(m.extraType),
    durationSeconds: num(m.durationSeconds),
  };
}

export function toMappingsWire(mappings: readonly DiscMapping[] | null) {
  return mappings === null ? null : list(mappings).map(toMappingWire);
}

/** The identification chain's answers (stored on the job), as declared by `identificationSchema`. */
export function toIdentificationWire(json: string | null) {
  const value = parseJson(json);
  if (!Array.isArray(value)) return null;
  return list(value).map((a: Partial<Record<keyof Identification, unknown>>) => {
    const lookup = a.discLookup && typeof a.discLookup === 'object' ? (a.discLookup as Record<string, unknown>) : null;
    return {
      contentType: text(a.contentType) ?? 'unknown',
      source: text(a.source) ?? 'unknown',
      confidence: num(a.confidence) ?? 0,
      title: text(a.title),
      year: num(a.year),
      season: num(a.season),
      discNumber: num(a.discNumber),
      catalogId: num(a.catalogId),
      catalogTitle: text(a.catalogTitle),
      ambiguousMovie: a.ambiguousMovie === true,
      reviewReason: text(a.reviewReason),
      holdForReview: a.holdForReview === true,
      evidence: Array.isArray(a.evidence) ? a.evidence.filter((e): e is string => typeof e === 'string') : [],
      discLookup: lookup
        ? {
            titleSlug: text(lookup.titleSlug),
            discSlug: text(lookup.discSlug),
            mappings: list(lookup.mappings).map(toMappingWire),
          }
        : null,
    };
  });
}

export function toReviewWire(review: TitleReview | null) {
  if (!review) return null;
  return {
    kind: review.kind,
    message: review.message,
    candidates: review.candidates.map((c) => candidateWire(c as unknown as Record<string, unknown>)),
    path: review.path,
    other_titles: review.otherTitles,
    episode: review.episode,
  };
}

const int = { type: ['integer', 'null'] };
const str = { type: ['string', 'null'] };
/** What a title is (a candidate's and a match's fields alike): its kind, episode range or edition. */
const assignmentProperties = {
  kind: { enum: [...ASSIGNMENTS] },
  season: int,
  episode: int,
  episodeEnd: int,
  edition: str,
};
const assignmentRequired = Object.keys(assignmentProperties);

export const candidateSchema = {
  type: 'object',
  required: [...assignmentRequired, 'score'],
  properties: {
    ...assignmentProperties,
    score: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;

export const matchDetailsSchema = {
  type: ['object', 'null'],
  description: "the matcher's result: what the title is, with named score components and the candidates it weighed",
  required: [...assignmentRequired, 'extraType', 'confidence', 'source', 'components', 'candidates'],
  properties: {
    ...assignmentProperties,
    extraType: str,
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    source: { type: 'string' },
    components: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'value', 'weight', 'detail'],
        properties: { name: { type: 'string' }, value: { type: 'number' }, weight: { type: 'number' }, detail: str },
      },
    },
    candidates: { type: 'array', items: candidateSchema },
  },
} as const;

export const mappingSchema = {
  type: 'object',
  required: ['titleIndex', 'assignment', 'season', 'episode', 'episodeEnd', 'name', 'extraType', 'durationSeconds'],
  properties: {
    titleIndex: { type: 'integer' },
    assignment: assignmentProperties.kind,
    season: int,
    episode: int,
    episodeEnd: int,
    name: str,
    extraType: str,
    durationSeconds: { type: ['number', 'null'] },
  },
} as const;

export const identificationSchema = {
  type: ['array', 'null'],
  description: "the identification chain's answers, in chain order (the classification's evidence)",
  items: {
    type: 'object',
    required: [
      'contentType',
      'source',
      'confidence',
      'title',
      'year',
      'season',
      'discNumber',
      'catalogId',
      'catalogTitle',
      'ambiguousMovie',
      'reviewReason',
      'holdForReview',
      'evidence',
      'discLookup',
    ],
    properties: {
      contentType: { enum: ['tv', 'movie', 'unknown'] },
      source: { type: 'string', description: 'catalog, heuristic, disc_lookup, ai (or a plugin source)' },
      confidence: { type: 'number', minimum: 0, maximum: 1 },
      title: str,
      year: int,
      season: int,
      discNumber: int,
      catalogId: int,
      catalogTitle: str,
      ambiguousMovie: { type: 'boolean' },
      reviewReason: { type: ['string', 'null'], description: 'words of the identifier asking for a person' },
      holdForReview: { type: 'boolean' },
      evidence: { type: 'array', items: { type: 'string' } },
      discLookup: {
        type: ['object', 'null'],
        required: ['titleSlug', 'discSlug', 'mappings'],
        properties: { titleSlug: str, discSlug: str, mappings: { type: 'array', items: mappingSchema } },
      },
    },
  },
} as const;

export const titleReviewSchema = {
  type: ['object', 'null'],
  description:
    'why the title waits for a person (null when it does not). Controls follow `kind`; `message` is words only.',
  required: ['kind', 'message', 'candidates', 'path', 'other_titles', 'episode'],
  properties: {
    kind: { enum: [...TITLE_REVIEW_KINDS] },
    message: { type: 'string' },
    candidates: { type: 'array', items: candidateSchema, description: 'best first' },
    path: { type: ['string', 'null'], description: 'the library path concerned (conflict, duplicate_claim)' },
    other_titles: {
      type: 'array',
      items: { type: 'integer' },
      description: 'title indexes claiming the same episode or path',
    },
    episode: { type: ['string', 'null'], description: 'the contested episode code' },
  },
} as const;
