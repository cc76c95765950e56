/**
 * The fingerprint network's wire shapes (spec "Fingerprint contribution", wire_format_version 1)
 * as types and JSON Schemas, and the port through which plugins reach it. The schemas are the
 * single source for the client's check before sending and the reference server's check on
 * receipt: both compile them with `additionalProperties: false`, so anything outside is refused.
 */
import type { JsonObject } from './context.ts';
import type { TitleAssignment } from './values.ts';

export const WIRE_FORMAT_VERSION = 1;

/** Match sources a contribution may carry (`local_` = decided on this install). */
export const CONTRIBUTION_MATCH_SOURCES = [
  'local_asr',
  'local_disc_lookup',
  'bootstrap',
  'user_review',
  'local_fingerprint_corroboration',
] as const;
export type ContributionMatchSource = (typeof CONTRIBUTION_MATCH_SOURCES)[number];

/** POST /v1/contribute */
export interface EpisodeContributionPayload {
  wire_format_version: 1;
  pseudonym: string;
  catalog_id: number;
  season: number | null;
  episode: number | null;
  fingerprint_b64: string;
  fingerprint_sha256_b64: string;
  disc_content_hash_b64: string | null;
  match_confidence: number;
  match_source: ContributionMatchSource;
  client_version: string;
}

/** One row per disc track of a disc-layout record. Never a file name, path or content. */
export interface DiscLayoutRow {
  title_index: number;
  duration_seconds: number;
  size_bytes: number;
  assignment: TitleAssignment;
  season?: number | null;
  episode?: number | null;
  match_confidence: number;
  /** null for a track nothing matched (assignment `discarded`), or one matched by a source the wire has no name for (runtime heuristics). */
  match_source: ContributionMatchSource | null;
}

/** POST /v1/contribute-disc */
export interface DiscContributionPayload {
  wire_format_version: 1;
  pseudonym: string;
  disc_content_hash_b64: string;
  catalog_id: number;
  content_type: 'tv' | 'movie';
  season: number | null;
  titles: DiscLayoutRow[];
  client_version: string;
}

/** One answer of GET /v1/identify. `score` is 1 − bit error rate at the best alignment. */
export interface IdentifyCandidate {
  catalog_id: number;
  season: number | null;
  episode: number | null;
  score: number;
  /** Alignment of the query against the canonical fingerprint, in items (≈0.124 s each). */
  offset_items: number;
}

/** What the host fills in itself when it sends a contribution. */
type HostFields = 'wire_format_version' | 'pseudonym' | 'client_version';
export type EpisodeContributionDraft = Omit<EpisodeContributionPayload, HostFields>;
export type DiscContributionDraft = Omit<DiscContributionPayload, HostFields>;

export interface QueuedContribution {
  kind: 'episode' | 'disc';
  /** The local contribution id (`contrib_id` of the audit log). */
  id: number;
  /** True when the same contribution was already queued (nothing new was added). */
  duplicate: boolean;
}

/**
 * The fingerprint network as a plugin sees it (optional `PluginSetup.fingerprintNetwork`: present
 * only where the host runs the network). The host keeps the queue (plugins own no tables), adds the
 * pseudonym and client version, checks the upload gates and talks to the server.
 */
export interface FingerprintNetwork {
  queueEpisode(
    draft: EpisodeContributionDraft,
    origin?: { jobId: number; titleIndex: number },
  ): Promise<QueuedContribution>;
  queueDisc(draft: DiscContributionDraft, origin?: { jobId: number }): Promise<QueuedContribution>;
  /**
   * Asks GET /v1/identify with only the compressed query fingerprint. Resolves null when
   * identification is disabled (`enable_fingerprint_identification`) or no server is configured.
   */
  identify(fingerprintB64: string, signal?: AbortSignal): Promise<IdentifyCandidate[] | null>;
}

const uuidV4 = '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$';
const base64 = '^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$';
const nonNegativeOrNull = { type: ['integer', 'null'], minimum: 0, maximum: 100_000 };
const confidence = { type: 'number', minimum: 0, maximum: 1 };
const clientVersion = { type: 'string', minLength: 1, maxLength: 100 };
const catalogId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
/** 16 MD5 bytes in standard base64. */
const discHash = { type: 'string', pattern: '^[A-Za-z0-9+/]{22}==$' };

export const episodeContributionSchema: JsonObject = {
  $id: 'https://spindle.local/schemas/fingerprint-contribution.json',
  type: 'object',
  additionalProperties: false,
  required: [
    'wire_format_version',
    'pseudonym',
    'catalog_id',
    'season',
    'episode',
    'fingerprint_b64',
    'fingerprint_sha256_b64',
    'disc_content_hash_b64',
    'match_confidence',
    'match_source',
    'client_version',
  ],
  properties: {
    wire_format_version: { const: WIRE_FORMAT_VERSION },
    pseudonym: { type: 'string', pattern: uuidV4 },
    catalog_id: catalogId,
    season: nonNegativeOrNull,
    episode: nonNegativeOrNull,
    fingerprint_b64: { type: 'string', minLength: 4, maxLength: 262_144, pattern: base64 },
    fingerprint_sha256_b64: { type: 'string', pattern: '^[A-Za-z0-9+/]{43}=$' },
    disc_content_hash_b64: { anyOf: [discHash, { type: 'null' }] },
    match_confidence: confidence,
    match_source: { enum: [...CONTRIBUTION_MATCH_SOURCES] },
    client_version: clientVersion,
  },
};

export const discLayoutRowSchema: JsonObject = {
  type: 'object',
  additionalProperties: false,
  required: ['title_index', 'duration_seconds', 'size_bytes', 'assignment', 'match_confidence', 'match_source'],
  properties: {
    title_index: { type: 'integer', minimum: 0, maximum: 9999 },
    duration_seconds: { type: 'number', minimum: 0, maximum: 86_400 },
    size_bytes: { type: 'integer', minimum: 0 },
    assignment: { enum: ['episode', 'main_movie', 'extra', 'discarded'] },
    season: nonNegativeOrNull,
    episode: nonNegativeOrNull,
    match_confidence: confidence,
    match_source: { enum: [...CONTRIBUTION_MATCH_SOURCES, null] },
  },
};

export const discContributionSchema: JsonObject = {
  $id: 'https://spindle.local/schemas/fingerprint-disc-contribution.json',
  type: 'object',
  additionalProperties: false,
  required: [
    'wire_format_version',
    'pseudonym',
    'disc_content_hash_b64',
    'catalog_id',
    'content_type',
    'season',
    'titles',
    'client_version',
  ],
  properties: {
    wire_format_version: { const: WIRE_FORMAT_VERSION },
    pseudonym: { type: 'string', pattern: uuidV4 },
    disc_content_hash_b64: discHash,
    catalog_id: catalogId,
    content_type: { enum: ['tv', 'movie'] },
    season: nonNegativeOrNull,
    titles: { type: 'array', minItems: 1, maxItems: 999, items: discLayoutRowSchema },
    client_version: clientVersion,
  },
};

export const forgetRequestSchema: JsonObject = {
  type: 'object',
  additionalProperties: false,
  required: ['pseudonym'],
  properties: { pseudonym: { type: 'string', pattern: uuidV4 } },
};
