/**
 * Migration 6: whose folder a job works in (`folder_origin`: `rip` for Spindle's own `job_<id>`
 * rip folder, `import` for a person's folder) and the staging root it was created under
 * (`staging_root`), so that changing `staging_path` later never makes a job's folder deletable.
 * Existing rows get their origin from their source kind (folder sources are a person's folders);
 * their staging root stays unknown (null). Hand-written to match core/src/persistence/entities.ts
 * exactly (a test checks for drift).
 */
import { Migration } from '@mikro-orm/migrations';

export class AddJobFolderOrigin extends Migration {
  override name = '20261124120000-AddJobFolderOrigin';

  override up(): void {
    this.addSql('alter table `job` add column `folder_origin` text null');
    this.addSql('alter table `job` add column `staging_root` text null');
    this.addSql("update `job` set `folder_origin` = case when `source_kind` = 'folder' then 'import' else 'rip' end");
  }

  override down(): void {
    this.addSql('alter table `job` drop column `staging_root`');
    this.addSql('alter table `job` drop column `folder_origin`');
  }
}
