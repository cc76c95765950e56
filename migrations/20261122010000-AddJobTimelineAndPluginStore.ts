/**
 * Migration 2: the job timeline (one row per state change), the plugin key-value store, and the
 * job/title columns that came with the plugin pipeline (review resume state, declared identity,
 * simulated jobs, identification evidence; per-title selection and identifier role).
 * Hand-written to match core/src/persistence/entities.ts exactly (a test checks for drift).
 */
import { Migration } from '@mikro-orm/migrations';

export class AddJobTimelineAndPluginStore extends Migration {
  override name = '20261122010000-AddJobTimelineAndPluginStore';

  override up(): void {
    this.addSql('alter table `job` add column `resume_state` text null');
    this.addSql('alter table `job` add column `identity_declared` integer not null default false');
    this.addSql('alter table `job` add column `simulated` integer not null default false');
    this.addSql('alter table `job` add column `identification_json` text null');

    this.addSql('alter table `title` add column `selected` integer not null default true');
    this.addSql('alter table `title` add column `role` text null');

    this.addSql(
      'create table `job_event` (' +
        '`id` integer not null primary key autoincrement, ' +
        '`job_id` integer not null, ' +
        '`at` datetime not null, ' +
        '`from_state` text null, ' +
        '`to_state` text not null, ' +
        '`message` text null, ' +
        'constraint `job_event_job_id_foreign` foreign key (`job_id`) references `job` (`id`) on update cascade on delete cascade)',
    );
    this.addSql('create index `job_event_job_id_index` on `job_event` (`job_id`)');

    this.addSql(
      'create table `plugin_kv` (' +
        '`id` integer not null primary key autoincrement, ' +
        '`plugin_id` text not null, ' +
        '`key` text not null, ' +
        '`value_json` text not null, ' +
        '`updated_at` datetime not null)',
    );
    this.addSql('create unique index `plugin_kv_plugin_id_key_unique` on `plugin_kv` (`plugin_id`, `key`)');
  }

  override down(): void {
    this.addSql('drop table if exists `plugin_kv`');
    this.addSql('drop table if exists `job_event`');
    this.addSql('alter table `title` drop column `role`');
    this.addSql('alter table `title` drop column `selected`');
    this.addSql('alter table `job` drop column `identification_json`');
    this.addSql('alter table `job` drop column `simulated`');
    this.addSql('alter table `job` drop column `identity_declared`');
    this.addSql('alter table `job` drop column `resume_state`');
  }
}
