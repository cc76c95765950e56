/** Every row of every table of a SQLite file, as text (what a "database export" would hold). */
import { DatabaseSync } from 'node:sqlite';

export function dumpDatabase(file: string): { tables: Record<string, number>; text: string } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const names = (
      db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[]
    ).map((r) => r.name);
    const tables: Record<string, number> = {};
    const parts: string[] = [];
    for (const name of names) {
      const rows = db.prepare(`select * from "${name.replace(/"/g, '""')}"`).all();
      tables[name] = rows.length;
      parts.push(
        `-- ${name}\n${rows.map((r) => JSON.stringify(r, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : typeof v === 'bigint' ? String(v) : v))).join('\n')}`,
      );
    }
    return { tables, text: parts.join('\n') };
  } finally {
    db.close();
  }
}
