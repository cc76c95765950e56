/**
 * Migration 3: the fingerprint network's local queues (pending episode fingerprints and
 * disc-layout records, re-tagged on pseudonym rotation) and `contribution_run`, the completed jobs
 * whose contributors still have to run. Hand-written to match
 * core/src/contributions/contribution-entities.ts exactly (a test checks for drift).
 */
import { Migration } from '@mikro-orm/migrations';

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
        '`dedupe_key` text not null, ' +
        '`job_id` integer null, ' +
        "`status` text not null default 'pending', " +
        '`attempts` integer not null default 0, ' +
        '`last_error` text null, ' +
        '`created_at` datetime not null)',
    );
    this.addSql(
      'create unique index `pending_disc_contribution_dedupe_key_unique` on `pending_disc_contribution` (`dedupe_key`)',
    );

    this.addSql(
      'create table `pending_episode_contribution` (' +
        '`id` integer not null primary key autoincrement, ' +
        '`pseudonym` text not null, ' +
        '`payload_json` text not null, ' +
        '`catalog_id` integer not null, ' +
        '`season` integer null, ' +
        '`episode` integer null, ' +
        '`dedupe_key` text not null, ' +
        '`job_id` integer null, ' +
        "`status` text not null default 'pending', " +
        '`attempts` integer not null default 0, ' +
        '`last_error` text null, ' +
        '`created_at` datetime not null)',
    );
    this.addSql(
      'create unique index `pending_episode_contribution_dedupe_key_unique` on `pending_episode_contribution` (`dedupe_key`)',
    );
  }

  override down(): void {
    this.addSql('drop table if exists `pending_episode_contribution`');
    this.addSql('drop table if exists `pending_disc_contribution`');
    this.addSql('drop table if exists `contribution_run`');
  }
}
