/**
 * Migration 9: `review_json` — why a title waits for a person, as typed data (kind, message,
 * candidates, the path or titles concerned; core/src/jobs/title-review.ts), so the UI decides its
 * controls from the kind and never from the words. Existing rows have none (a title already in
 * review shows its match candidates and the job's review_reason). Hand-written to match
 * core/src/persistence/entities.ts exactly (a test checks for drift).
 */
import { Migration } from '@mikro-orm/migrations';

export class AddTitleReview extends Migration {
  override name = '20261126100000-AddTitleReview';

  override up(): void {
    this.addSql('alter table `title` add column `review_json` text null');
  }

  override down(): void {
    this.addSql('alter table `title` drop column `review_json`');
  }
}
