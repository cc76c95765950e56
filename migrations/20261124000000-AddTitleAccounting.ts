/**
 * Migration 4: every title accounted for. Titles keep why they were left out of the library and who
 * decided it (a rule, a setting the person chose, or a person); jobs keep how an imported folder's
 * files reach the library (move or copy), what a review is about, the files a follow-up job is
 * limited to (late files), and how many titles were filed or left out.
 * Hand-written to match core/src/persistence/entities.ts exactly (a test checks for drift).
 */
import { Migration } from '@mikro-orm/migrations';

export class AddTitleAccounting extends Migration {
  override name = '20261124000000-AddTitleAccounting';

  override up(): void {
    this.addSql('alter table `job` add column `import_mode` text null');
    this.addSql('alter table `job` add column `review_kind` text null');
    this.addSql('alter table `job` add column `only_files_json` text null');
    this.addSql('alter table `job` add column `files_filed` integer not null default 0');
    this.addSql('alter table `job` add column `titles_discarded` integer not null default 0');
    this.addSql('alter table `job` add column `retry_from` text null');

    this.addSql('alter table `title` add column `discard_reason` text null');
    this.addSql('alter table `title` add column `discarded_by` text null');
    this.addSql('alter table `title` add column `included` integer not null default false');
  }
}
