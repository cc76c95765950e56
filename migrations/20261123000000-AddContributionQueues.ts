/**
 * Migration 3: the fingerprint network's local queues (pending episode fingerprints and
 * disc-layout records, re-tagged on pseudonym rotation) and `contribution_run`, the completed jobs
 * whose contributors still have to run. Hand-written to match
 * core/src/contributions/contribution-entities.ts exactly (a test checks for drift).
 */
import { Migration } from '@mikro-orm/migrations';

/** The columns both queue tables end with (dedupe key, job, delivery state, creation time), closing the list. */
const QUEUE_STATE_COLUMNS =
  '`dedupe_key` text not null, ' +
  '`job_id` integer null, ' +
  "`status` text not null default 'pending', " +
  '`attempts` integer not null default 0, ' +
  '`last_error` text null, ' +
  '`created_at` datetime not null)';

const dedupeKeyIndex = (table: string) =>
  `create unique index \`${table}_dedupe_key_unique\` on \`${table}\` (\`dedupe_key\`)`;

export class AddContributionQueues extends Migration {
  override name = '20261123000000-AddContributionQueues';

  override up(): void {
    this.addSql(
      'create table `contribution_run` (`job_id` integer not null primary key autoincrement, `created_at` datetime not null)',
    );

    this.addSql(
      'create table `pending_disc_contribution` (' +
        '`id` integer not null primary key autoincrement, ' +
        '`pseudonym` text not null, ' +
        '`payload_json` text not null, ' +
        '`catalog_id` integer not null, ' +
        '`season` integer null, ' +
        '`content_type` text not null, ' +
        '`title_count` integer not null, ' +
        QUEUE_STATE_COLUMNS,
    );
    this.addSql(dedupeKeyIndex('pending_disc_contribution'));

    this.addSql(
      'create table `pending_episode_contribution` (' +
        '`id` integer not null primary key autoincrement, ' +
        '`pseudonym` text not null, ' +
        '`payload_json` text not null, ' +
        '`catalog_id` integer not null, ' +
        '`season` integer null, ' +
        '`episode` integer null, ' +
        QUEUE_STATE_COLUMNS,
    );
    this.addSql(dedupeKeyIndex('pending_episode_contribution'));
  }

  override down(): void {
    this.addSql('drop table if exists `pending_episode_contribution`');
    this.addSql('drop table if exists `pending_disc_contribution`');
    this.addSql('drop table if exists `contribution_run`');
  }
}
