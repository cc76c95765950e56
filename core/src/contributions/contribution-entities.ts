/**
 * The local contribution queues (spec "Contribution records"): one table per kind, one row per
 * pending contribution, deleted once the network acknowledged it (the audit log keeps the record).
 * Rows hold the wire fields only — never a file name, path or file content — plus local
 * bookkeeping (attempts, provenance job id). `contribution_run` marks completed jobs whose
 * contributors have not finished yet, so a crash does not lose their contributions.
 */
import { defineEntity, p } from '@mikro-orm/core';

/** The columns both queues start with: who contributes what about which catalog entry. */
const queueHead = () => ({
  id: p.integer().primary().autoincrement(),
  pseudonym: p.text(),
  /** The draft (wire fields without wire_format_version, pseudonym and client_version). */
  payloadJson: p.text(),
  catalogId: p.integer(),
  season: p.integer().nullable(),
});

/** The columns both queues end with: the dedupe key and the local bookkeeping. */
const queueTail = () => ({
  dedupeKey: p.text(),
  jobId: p.integer().nullable(),
  status: p.text().$type<'pending' | 'rejected'>().default('pending'),
  attempts: p.integer().default(0),
  lastError: p.text().nullable(),
  createdAt: p.datetime(),
});

/** dedupeKey is the fingerprint_sha256_b64: the same fingerprint is never queued twice. */
export const PendingEpisodeContributionEntity = defineEntity({
  name: 'PendingEpisodeContribution',
  tableName: 'pending_episode_contribution',
  uniques: [{ name: 'pending_episode_contribution_dedupe_key_unique', properties: ['dedupeKey'] }],
  properties: { ...queueHead(), episode: p.integer().nullable(), ...queueTail() },
});

/** dedupeKey is the SHA-256 of the draft: the same record is never queued twice. */
export const PendingDiscContributionEntity = defineEntity({
  name: 'PendingDiscContribution',
  tableName: 'pending_disc_contribution',
  uniques: [{ name: 'pending_disc_contribution_dedupe_key_unique', properties: ['dedupeKey'] }],
  properties: {
    ...queueHead(),
    contentType: p.text().$type<'tv' | 'movie'>(),
    titleCount: p.integer(),
    ...queueTail(),
  },
});

export const ContributionRunEntity = defineEntity({
  name: 'ContributionRun',
  tableName: 'contribution_run',
  properties: {
    jobId: p.integer().primary(),
    createdAt: p.datetime(),
  },
});

export const CONTRIBUTION_ENTITIES = [
  PendingEpisodeContributionEntity,
  PendingDiscContributionEntity,
  ContributionRunEntity,
];
