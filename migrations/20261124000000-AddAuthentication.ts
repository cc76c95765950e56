/**
 * Migration 4: logins for a service reachable from the network. `auth_credential` holds the
 * password's scrypt hash, `auth_session` the UI's sessions and `api_token` the tokens of REST
 * clients and the CLI (both as SHA-256 hashes of the values handed out). Hand-written to match
 * core/src/auth/auth-entities.ts exactly (a test checks for drift).
 */
import { Migration } from '@mikro-orm/migrations';

export class AddAuthentication extends Migration {
  override name = '20261124000000-AddAuthentication';

  override up(): void {
    this.addSql(
      'create table `auth_credential` (`name` text not null primary key, `hash` text not null, `updated_at` datetime not null)',
    );
    this.addSql(
      'create table `auth_session` (`token_hash` text not null primary key, `created_at` datetime not null, `expires_at` datetime not null)',
    );
    this.addSql(
      'create table `api_token` (' +
        '`id` integer not null primary key autoincrement, ' +
        '`name` text not null, ' +
        '`prefix` text not null, ' +
        '`token_hash` text not null, ' +
        '`created_at` datetime not null, ' +
        '`last_used_at` datetime null)',
    );
    this.addSql('create unique index `api_token_token_hash_unique` on `api_token` (`token_hash`)');
  }

  override down(): void {
    this.addSql('drop table if exists `api_token`');
    this.addSql('drop table if exists `auth_session`');
    this.addSql('drop table if exists `auth_credential`');
  }
}
