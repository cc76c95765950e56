/**
 * Migration 8: `extra_type` — the kind of extra (featurette, deleted scene, trailer, …) the identifier
 * told for a title, so a TV disc's extras reach the right Plex/Jellyfin extras folder even when the
 * episode matcher names no kind. Existing rows have none. Hand-written to match
 * core/src/persistence/entities.ts exactly (a test checks for drift).
 */
import { Migration } from '@mikro-orm/migrations';

export class AddTitleExtraType extends Migration {
  override name = '20261125110000-AddTitleExtraType';

  override up(): void {
    this.addSql('alter table `title` add column `extra_type` text null');
  }

  override down(): void {
    this.addSql('alter table `title` drop column `extra_type`');
  }
}
