/**
 * Migration 7: `ask_titles` — the job stops after identification so a person ticks the titles to
 * rip (the import's per-job `ask_which_titles`). Existing rows do not ask. Hand-written to match
 * core/src/persistence/entities.ts exactly (a test checks for drift).
 */
import { Migration } from '@mikro-orm/migrations';

export class AddJobAskTitles extends Migration {
  override name = '20261124130000-AddJobAskTitles';

  override up(): void {
    this.addSql('alter table `job` add column `ask_titles` integer not null default false');
  }

  override down(): void {
    this.addSql('alter table `job` drop column `ask_titles`');
  }
}
