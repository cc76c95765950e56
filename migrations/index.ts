/**
 * The ordered list of schema migrations, passed to MikroORM as `migrations.migrationsList`.
 * Append new migrations at the end; names are `<yyyymmddhhmmss>-<VerbNoun>` and never change
 * once released (they are the keys stored in the `mikro_orm_migrations` table).
 */
import type { MigrationObject } from '@mikro-orm/core';
import { CreateInitialSchema } from './20261122000000-CreateInitialSchema.ts';
import { AddJobTimelineAndPluginStore } from './20261122010000-AddJobTimelineAndPluginStore.ts';
import { AddContributionQueues } from './20261123000000-AddContributionQueues.ts';
import { AddAuthentication } from './20261124000000-AddAuthentication.ts';
import { AddTitleAccounting } from './20261124010000-AddTitleAccounting.ts';
import { AddJobFolderOrigin } from './20261124120000-AddJobFolderOrigin.ts';
import { AddJobAskTitles } from './20261124130000-AddJobAskTitles.ts';
import { AddTitleExtraType } from './20261125110000-AddTitleExtraType.ts';
import { AddTitleReview } from './20261126100000-AddTitleReview.ts';

export const migrationsList: MigrationObject[] = [
  { name: '20261122000000-CreateInitialSchema', class: CreateInitialSchema },
  { name: '20261122010000-AddJobTimelineAndPluginStore', class: AddJobTimelineAndPluginStore },
  { name: '20261123000000-AddContributionQueues', class: AddContributionQueues },
  { name: '20261124000000-AddAuthentication', class: AddAuthentication },
  { name: '20261124010000-AddTitleAccounting', class: AddTitleAccounting },
  { name: '20261124120000-AddJobFolderOrigin', class: AddJobFolderOrigin },
  { name: '20261124130000-AddJobAskTitles', class: AddJobAskTitles },
  { name: '20261125110000-AddTitleExtraType', class: AddTitleExtraType },
  { name: '20261126100000-AddTitleReview', class: AddTitleReview },
];

/** The newest migration: what a fresh or stamped database is at. */
export const LATEST_MIGRATION = migrationsList[migrationsList.length - 1]!.name;
