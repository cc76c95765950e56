/**
 * MikroORM entity definitions (defineEntity, no decorators). Columns are snake_case through the
 * default UnderscoreNamingStrategy. The migrations in /migrations create exactly this schema; a
 * test checks that `orm.schema.getUpdateSchemaSQL()` is empty after migrating, so the two cannot
 * drift. Entities never leave the repositories: they are mapped to the plain records of
 * records.ts (see entity-mappers.ts).
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type * as Sdk from '@spindle/plugin-sdk';
import { CONTRIBUTION_ENTITIES } from '../contributions/contribution-entities.ts';
import { AUTH_ENTITIES } from '../auth/auth-entities.ts';
import type { DiscardedBy, ImportMode, JobFolderOrigin, ReviewKind } from './records.ts';

export const JobEntity = defineEntity({
  name: 'Job',
  tableName: 'job',
  indexes: [
    { name: 'job_state_index', properties: ['state'] },
    { name: 'job_created_at_index', properties: ['createdAt'] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    state: p.text().$type<Sdk.JobState>().default('idle'),
    contentType: p.text().$type<Sdk.ContentType>().default('unknown'),
    volumeLabel: p.text(),
    driveId: p.text().nullable(),
    sourceKind: p.text().$type<Sdk.SourceKind>().default('disc'),
    sourcePath: p.text().nullable(),
    detectedTitle: p.text().nullable(),
    detectedSeason: p.integer().nullable(),
    detectedYear: p.integer().nullable(),
    discNumber: p.integer().nullable(),
    contentHash: p.text().nullable(),
    discMappingsJson: p.text().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
    completedAt: p.datetime().nullable(),
    clearedAt: p.datetime().nullable(),
    errorMessage: p.text().nullable(),
    stagingPath: p.text().nullable(),
    libraryPath: p.text().nullable(),
    classificationSource: p.text().$type<Sdk.ClassificationSource>().nullable(),
    classificationConfidence: p.float().nullable(),
    catalogTitle: p.text().nullable(),
    catalogId: p.integer().nullable(),
    isAmbiguousMovie: p.boolean().default(false),
    reviewReason: p.text().nullable(),
    discLookupTitleSlug: p.text().nullable(),
    discLookupDiscSlug: p.text().nullable(),
    subtitleStatus: p.text().nullable(),
    subtitlesDownloaded: p.integer().default(0),
    subtitlesTotal: p.integer().default(0),
    subtitlesFailed: p.integer().default(0),
    progressPercent: p.float().default(0),
    currentSpeed: p.text().nullable(),
    etaSeconds: p.integer().nullable(),
    // Added by migration 2 (AddJobTimelineAndPluginStore).
    resumeState: p.text().$type<Sdk.JobState>().nullable(),
    identityDeclared: p.boolean().default(false),
    simulated: p.boolean().default(false),
    identificationJson: p.text().nullable(),
    // Added by migration 5 (AddTitleAccounting).
    importMode: p.text().$type<ImportMode>().nullable(),
    reviewKind: p.text().$type<ReviewKind>().nullable(),
    onlyFilesJson: p.text().nullable(),
    filesFiled: p.integer().default(0),
    titlesDiscarded: p.integer().default(0),
    retryFrom: p.text().$type<Sdk.JobState>().nullable(),
    // Added by migration 6 (AddJobFolderOrigin): whose folder the job works in, and the staging
    // root it was created under (a later change of staging_path never widens what may be deleted).
    folderOrigin: p.text().$type<JobFolderOrigin>().nullable(),
    stagingRoot: p.text().nullable(),
    // Added by migration 7 (AddJobAskTitles): stop after identification for a person to tick the titles to rip.
    askTitles: p.boolean().default(false),
  },
});

export const TitleEntity = defineEntity({
  name: 'Title',
  tableName: 'title',
  properties: {
    id: p.integer().primary().autoincrement(),
    job: () => p.manyToOne(JobEntity).mapToPk().deleteRule('cascade').updateRule('cascade'),
    titleIndex: p.integer(),
    durationSeconds: p.float(),
    sizeBytes: p.integer(),
    resolution: p.text().nullable(),
    state: p.text().$type<Sdk.TitleState>().default('pending'),
    matchedEpisode: p.text().nullable(),
    edition: p.text().nullable(),
    isExtra: p.boolean().default(false),
    matchConfidence: p.float().nullable(),
    matchSource: p.text().nullable(),
    matchDetailsJson: p.text().nullable(),
    conflictResolution: p.text().nullable(),
    organizedPath: p.text().nullable(),
    outputFilename: p.text().nullable(),
    filePath: p.text().nullable(),
    sourceFile: p.text().nullable(),
    // Added by migration 2 (AddJobTimelineAndPluginStore).
    selected: p.boolean().default(true),
    role: p.text().nullable(),
    // Added by migration 5 (AddTitleAccounting).
    discardReason: p.text().nullable(),
    discardedBy: p.text().$type<DiscardedBy>().nullable(),
    included: p.boolean().default(false),
    // Added by migration 8 (AddTitleExtraType): the kind of extra the identifier told (decides the extras folder).
    extraType: p.text().$type<Sdk.ExtraType>().nullable(),
    // Added by migration 9 (AddTitleReview): the typed review (jobs/title-review.ts) as JSON.
    reviewJson: p.text().nullable(),
  },
});

export const JobEventEntity = defineEntity({
  name: 'JobEvent',
  tableName: 'job_event',
  properties: {
    id: p.integer().primary().autoincrement(),
    job: () => p.manyToOne(JobEntity).mapToPk().deleteRule('cascade').updateRule('cascade'),
    at: p.datetime(),
    fromState: p.text().$type<Sdk.JobState>().nullable(),
    toState: p.text().$type<Sdk.JobState>(),
    message: p.text().nullable(),
  },
});

export const AppConfigEntryEntity = defineEntity({
  name: 'AppConfigEntry',
  tableName: 'app_config',
  properties: {
    key: p.text().primary(),
    valueJson: p.text(),
    updatedAt: p.datetime(),
  },
});

export const PluginKvEntryEntity = defineEntity({
  name: 'PluginKvEntry',
  tableName: 'plugin_kv',
  uniques: [{ name: 'plugin_kv_plugin_id_key_unique', properties: ['pluginId', 'key'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    pluginId: p.text(),
    key: p.text(),
    valueJson: p.text(),
    updatedAt: p.datetime(),
  },
});

export type JobRow = InferEntity<typeof JobEntity>;
export type TitleRow = InferEntity<typeof TitleEntity>;
export type JobEventRow = InferEntity<typeof JobEventEntity>;

export const ALL_ENTITIES = [
  JobEntity,
  TitleEntity,
  JobEventEntity,
  AppConfigEntryEntity,
  PluginKvEntryEntity,
  ...CONTRIBUTION_ENTITIES,
  ...AUTH_ENTITIES,
];
