/**
 * Credentials are stored sealed: the SQLite file holds no ripper_key, catalog_api_key or
 * credential plugin setting in plain text; values stored in plain text by an older version are
 * sealed on the next start; a value whose key file is gone reads as unset.
 */
import 'reflect-metadata';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { ConfigService } from '../../src/config/config-service.ts';
import { openTempDatabase, tempDir } from '../persistence/test-database.ts';

const RIPPER_KEY = 'T-SEALTESTsealtest0123456789abcdefghijklmnopqrstuvwxyz@@SEALED';
const CATALOG = 'eyJhbGciOiJIUzI1NiJ9.c2VhbGVkLXRlc3Q.sealed-catalog-token';
const OS_PASSWORD = 'sealed-opensubtitles-password';

function rawConfig(dir: string): string {
  const db = new DatabaseSync(path.join(dir, 'spindle.db'), { readOnly: true });
  try {
    return JSON.stringify(db.prepare('select key, value_json from app_config').all());
  } finally {
    db.close();
  }
}

describe('sealed credentials', () => {
  it('stores secrets sealed and reads them back in plain text', async () => {
    const dir = tempDir();
    const db = await openTempDatabase(dir);
    const config = new ConfigService(db.config);
    await config.load();
    await config.update({
      ripper_key: RIPPER_KEY,
      catalog_api_key: CATALOG,
      plugin_settings: { 'subtitles-opensubtitles': { username: 'someone', password: OS_PASSWORD } },
    });
    const raw = rawConfig(dir);
    for (const secret of [RIPPER_KEY, CATALOG, OS_PASSWORD]) expect(raw).not.toContain(secret);
    expect(raw).toContain('spindle-sealed:v1:');
    expect(raw).toContain('someone'); // only credentials are sealed

    const again = new ConfigService(db.config);
    const loaded = await again.load();
    expect(loaded.ripper_key).toBe(RIPPER_KEY);
    expect(loaded.catalog_api_key).toBe(CATALOG);
    expect(loaded.plugin_settings['subtitles-opensubtitles']).toEqual({ username: 'someone', password: OS_PASSWORD });
  });

  it('seals plain-text secrets an older version stored, and treats a lost key as unset', async () => {
    const dir = tempDir();
    const db = await openTempDatabase(dir);
    await db.orm.em
      .getConnection()
      .execute(`insert into app_config (key, value_json, updated_at) values ('catalog_api_key', '"${CATALOG}"', 1)`);
    expect(rawConfig(dir)).toContain(CATALOG);
    expect((await new ConfigService(db.config).load()).catalog_api_key).toBe(CATALOG);
    expect(rawConfig(dir)).not.toContain(CATALOG);

    rmSync(path.join(dir, 'secret.key'));
    const fresh = await openTempDatabase(dir);
    expect((await new ConfigService(fresh.config).load()).catalog_api_key).toBeNull();
  });
});
