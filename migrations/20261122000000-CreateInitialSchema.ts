/**
 * Migration 1: the initial schema — jobs, their titles, and the application configuration
 * (one row per AppConfig field, the value stored as JSON text).
 * Hand-written to match core/src/persistence/entities.ts exactly (a test checks for drift).
 */
import { Migration } from '@mikro-orm/migrations';

export class CreateInitialSchema extends Migration {
  override name = '20261122000000-CreateInitialSchema';

  override up(): void {
    this.addSql(
      'create table `job` (' +
        '`id` integer not null primary key autoincrement, ' +
        "`state` text not null default 'idle', " +
        "`content_type` text not null default 'unknown', " +
        '`volume_label` text not null, ' +
        '`drive_id` text null, ' +
        "`source_kind` text not null default 'disc', " +
        '`source_path` text null, ' +
        '`detected_title` text null, ' +
        '`detected_season` integer null, ' +
        '`detected_year` integer null, ' +
        '`disc_number` integer null, ' +
        '`content_hash` text null, ' +
        '`disc_mappings_json` text null, ' +
        '`created_at` datetime not null, ' +
        '`updated_at` datetime not null, ' +
        '`completed_at` datetime null, ' +
        '`cleared_at` datetime null, ' +
        '`error_message` text null, ' +
        '`staging_path` text null, ' +
        '`library_path` text null, ' +
        '`classification_source` text null, ' +
        '`classification_confidence` real null, ' +
        '`catalog_title` text null, ' +
        '`catalog_id` integer null, ' +
        '`is_ambiguous_movie` integer not null default false, ' +
        '`review_reason` text null, ' +
        '`disc_lookup_title_slug` text null, ' +
        '`disc_lookup_disc_slug` text null, ' +
        '`subtitle_status` text null, ' +
        '`subtitles_downloaded` integer not null default 0, ' +
        '`subtitles_total` integer not null default 0, ' +
        '`subtitles_failed` integer not null default 0, ' +
        '`progress_percent` real not null default 0, ' +
        '`current_speed` text null, ' +
        '`eta_seconds` integer null)',
    );
    this.addSql('create index `job_state_index` on `job` (`state`)');
    this.addSql('create index `job_created_at_index` on `job` (`created_at`)');

    this.addSql(
      'create table `title` (' +
        '`id` integer not null primary key autoincrement, ' +
        '`job_id` integer not null, ' +
        '`title_index` integer not null, ' +
        '`duration_seconds` real not null, ' +
        '`size_bytes` integer not null, ' +
        '`resolution` text null, ' +
        "`state` text not null default 'pending', " +
        '`matched_episode` text null, ' +
        '`edition` text null, ' +
        '`is_extra` integer not null default false, ' +
        '`match_confidence` real null, ' +
        '`match_source` text null, ' +
        '`match_details_json` text null, ' +
        '`conflict_resolution` text null, ' +
        '`organized_path` text null, ' +
        '`output_filename` text null, ' +
        '`file_path` text null, ' +
        '`source_file` text null, ' +
        'constraint `title_job_id_foreign` foreign key (`job_id`) references `job` (`id`) on update cascade on delete cascade)',
    );
    this.addSql('create index `title_job_id_index` on `title` (`job_id`)');

    this.addSql(
      'create table `app_config` (`key` text not null primary key, `value_json` text not null, `updated_at` datetime not null)',
    );
  }

  override down(): void {
    this.addSql('drop table if exists `title`');
    this.addSql('drop table if exists `job`');
    this.addSql('drop table if exists `app_config`');
  }
}
