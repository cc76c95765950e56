/**
 * What the service has stored, as the API fuzz compares it around each rejected request: SQLite's data_version
 * and the data directory's files (cheap), and every table (for saying what changed).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';

function dataFiles(dataDir: string, dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/^spindle\.db/.test(entry.name)) out.push(`${relative(dataDir, full)}:${statSync(full).size}`);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/**
 * What is stored, cheaply: SQLite's data_version (it moves whenever another connection commits a
 * change to the file) and the data directory's files with their sizes.
 */
export function snapshot(db: DatabaseSync, dataDir: string): string {
  const { data_version: version } = db.prepare('pragma data_version').get() as { data_version: number };
  return `data_version ${version}\nfiles ${dataFiles(dataDir, dataDir).join(',')}`;
}

/** Every table, for saying what a rejected request changed. */
export function tables(db: DatabaseSync): string {
  const names = (
    db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]
  ).map((r) => r.name);
  return names.map((t) => `${t}:${JSON.stringify(db.prepare(`select * from "${t}"`).all())}`).join('\n');
}

/** The first line where two snapshots differ, both sides shown. */
export function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const i = x.findIndex((line, k) => line !== y[k]);
  return `before: ${x[i]?.slice(0, 400)}\nafter:  ${y[i]?.slice(0, 400)}`;
}
