/**
 * Which folders were imported, with the MKV content they had, kept in the plugin's persistent
 * store so that a restart (of the watcher or of Spindle) never imports the same content twice.
 * New content in the same folder (a fresh rip dropped into a reused folder name) is imported.
 */
import { access } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { JsonObject, KeyValueStore } from '@spindle/plugin-sdk';

const PREFIX = 'imported:';

interface LedgerEntry extends JsonObject {
  mkvSignature: string;
  importedAt: string;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

export class ImportLedger {
  constructor(private readonly store: KeyValueStore) {}

  async isImported(folder: string, mkvSignature: string): Promise<boolean> {
    const entry = await this.store.get<LedgerEntry>(PREFIX + folder);
    return entry?.mkvSignature === mkvSignature;
  }

  async record(folder: string, mkvSignature: string): Promise<void> {
    await this.store.set(PREFIX + folder, { mkvSignature, importedAt: new Date().toISOString() } satisfies LedgerEntry);
  }

  async forget(folder: string): Promise<void> {
    await this.store.delete(PREFIX + folder);
  }

  /**
   * Drops the records of folders directly in `root` that no longer exist; returns how many. Call
   * it only while `root` itself exists (an unmounted staging drive must not erase the ledger).
   */
  async prune(root: string): Promise<number> {
    let dropped = 0;
    for (const key of await this.store.keys(PREFIX)) {
      const folder = key.slice(PREFIX.length);
      if (dirname(folder) !== root || (await exists(folder))) continue;
      await this.store.delete(key);
      dropped++;
    }
    return dropped;
  }
}
