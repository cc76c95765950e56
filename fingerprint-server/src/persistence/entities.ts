/**
 * The network's tables. Nothing here can hold an IP address, a file name or a path: contributions
 * carry only the wire fields (plus a screening flag), the contributor row only the pseudonym, its
 * rate window and its conflict count, and the network windows only counters.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ContributorEntity = defineEntity({
  name: 'Contributor',
  tableName: 'contributor',
  properties: {
    pseudonym: p.text().primary(),
    createdAt: p.datetime(),
    /** Start of the current rate window, epoch seconds. */
    windowStartedAt: p.integer(),
    windowCount: p.integer(),
    /** Contributions of this pseudonym screened for matching another label's canonical fingerprint. */
    conflictCount: p.integer().default(0),
  },
});

export const EpisodeContributionEntity = defineEntity({
  name: 'EpisodeContribution',
  tableName: 'episode_contribution',
  indexes: [
    { name: 'episode_contribution_label_index', properties: ['catalogId', 'season', 'episode'] },
    { name: 'episode_contribution_pseudonym_index', properties: ['pseudonym'] },
  ],
  uniques: [{ name: 'episode_contribution_sha256_unique', properties: ['fingerprintSha256'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    pseudonym: p.text(),
    catalogId: p.integer(),
    season: p.integer().nullable(),
    episode: p.integer().nullable(),
    /** Little-endian uint32 items (decoded from the wire form). */
    items: p.blob(),
    itemCount: p.integer(),
    fingerprintSha256: p.text(),
    discContentHash: p.text().nullable(),
    matchConfidence: p.double(),
    matchSource: p.text(),
    clientVersion: p.text(),
    createdAt: p.datetime(),
    /** Why the contribution was screened (stored, never counted toward promotion); null when it counts. */
    flagReason: p.text().nullable(),
  },
});

export const DiscContributionEntity = defineEntity({
  name: 'DiscContribution',
  tableName: 'disc_contribution',
  indexes: [
    { name: 'disc_contribution_pseudonym_index', properties: ['pseudonym'] },
    { name: 'disc_contribution_hash_index', properties: ['discContentHash'] },
  ],
  uniques: [{ name: 'disc_contribution_record_unique', properties: ['recordSha256'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    pseudonym: p.text(),
    discContentHash: p.text(),
    catalogId: p.integer(),
    contentType: p.text(),
    season: p.integer().nullable(),
    titlesJson: p.text(),
    /** SHA-256 of the record without pseudonym and client version: exact duplicates are detected. */
    recordSha256: p.text(),
    clientVersion: p.text(),
    createdAt: p.datetime(),
  },
});

export const CanonicalFingerprintEntity = defineEntity({
  name: 'CanonicalFingerprint',
  tableName: 'canonical_fingerprint',
  indexes: [{ name: 'canonical_fingerprint_label_index', properties: ['catalogId', 'season', 'episode'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    catalogId: p.integer(),
    season: p.integer().nullable(),
    episode: p.integer().nullable(),
    items: p.blob(),
    itemCount: p.integer(),
    /** Distinct disc releases whose contributions agreed with it. */
    releaseCount: p.integer(),
    promotedAt: p.datetime(),
  },
});

/** The identify index: sampled top-28-bit terms of canonical items (see fingerprint-compare.ts). */
export const CanonicalTermEntity = defineEntity({
  name: 'CanonicalTerm',
  tableName: 'canonical_term',
  properties: {
    term: p.integer().primary(),
    fingerprintId: p.integer().primary(),
  },
});

/** Network-wide fixed-window counters (requests, stored bytes), shared by every instance on one database. */
export const NetworkWindowEntity = defineEntity({
  name: 'NetworkWindow',
  tableName: 'network_window',
  properties: {
    name: p.text().primary(),
    /** Start of the current window, epoch seconds. */
    windowStartedAt: p.integer(),
    /** What the window has taken so far (a double: never overflows, whatever a flood adds). */
    amount: p.double(),
  },
});

export type EpisodeContributionRow = InferEntity<typeof EpisodeContributionEntity>;
export type CanonicalFingerprintRow = InferEntity<typeof CanonicalFingerprintEntity>;

export const SERVER_ENTITIES = [
  ContributorEntity,
  EpisodeContributionEntity,
  DiscContributionEntity,
  CanonicalFingerprintEntity,
  CanonicalTermEntity,
  NetworkWindowEntity,
];
