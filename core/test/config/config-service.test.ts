import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { container } from 'tsyringe';
import { describe, expect, it, vi } from 'vitest';
import { ConfigService } from '../../src/config/config-service.ts';
import { Tokens } from '../../src/container/tokens.ts';
import type { Database } from '../../src/persistence/database.ts';
import { openTempDatabase, tempDir } from '../persistence/test-database.ts';

async function service(db?: Database): Promise<{ config: ConfigService; db: Database }> {
  const database = db ?? (await openTempDatabase());
  const config = new ConfigService(database.config);
  await config.load();
  return { config, db: database };
}

async function expectInvalid(promise: Promise<unknown>, message: RegExp): Promise<void> {
  await expect(promise).rejects.toMatchObject({
    code: 'invalid_config',
    kind: 'invalid_input',
    message: expect.stringMatching(message),
  });
}

describe('ConfigService', () => {
  it('is resolvable from the container with the ConfigRepository token', async () => {
    const db = await openTempDatabase();
    const child = container.createChildContainer();
    child.register(Tokens.ConfigRepository, { useValue: db.config });
    const config = child.resolve(ConfigService);
    expect((await config.load()).max_concurrent_matches).toBe(2);
  });

  it('fills defaults and stores only the generated pseudonym on first start', async () => {
    const { config, db } = await service();
    const value = config.get();
    expect(value).toMatchObject({
      staging_path: null,
      max_concurrent_matches: 2,
      conflict_resolution_default: 'skip',
      match_auto_accept_threshold: 0.7,
    });
    expect(value.pipeline.identifiers).toEqual(['disc-lookup', 'catalog', 'heuristic']);
    expect(value.contribution_pseudonym).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(await db.config.readAll()).toEqual({ contribution_pseudonym: value.contribution_pseudonym });
    expect(Object.isFrozen(value.pipeline)).toBe(true);
  });

  it('keeps the pseudonym stable across restarts', async () => {
    const dir = tempDir();
    const first = await service(await openTempDatabase(dir));
    const pseudonym = first.config.get().contribution_pseudonym;
    await first.db.close();
    const second = await service(await openTempDatabase(dir));
    expect(second.config.get().contribution_pseudonym).toBe(pseudonym);
  });

  it('turning transcoding on puts the ffmpeg transcoder in the pipeline when none is configured, and keeps a chosen one', async () => {
    const { config } = await service();
    expect(config.get().pipeline.providers.transcoder ?? []).toEqual([]);
    await config.update({ transcoding_enabled: true });
    expect(config.get().pipeline.providers.transcoder).toEqual(['ffmpeg']);
    await config.update({ transcoding_enabled: false, pipeline: { providers: { transcoder: ['my-encoder'] } } });
    await config.update({ transcoding_enabled: true });
    expect(config.get().pipeline.providers.transcoder).toEqual(['my-encoder']);
  });

  it('masks secrets: "***" when set, null when unset', async () => {
    const { config, db } = await service();
    expect(config.masked()).toMatchObject({ ripper_key: null, catalog_api_key: null });
    const result = await config.update({ ripper_key: 'T-secret-key' });
    expect(result.config.ripper_key).toBe('***');
    expect(JSON.stringify(result)).not.toContain('T-secret-key');
    expect(config.get().ripper_key).toBe('T-secret-key');
    expect((await db.config.readAll()).ripper_key).toBe('T-secret-key');
  });

  it('treats "***" as unchanged for secrets', async () => {
    const { config } = await service();
    await config.update({ catalog_api_key: 'eyJ-token' });
    const result = await config.update({ ...config.masked(), transcoding_enabled: true });
    // Turning transcoding on also configures the bundled transcoder (none is configured by default).
    expect(result.changed.sort()).toEqual(['pipeline', 'transcoding_enabled']);
    expect(config.get().catalog_api_key).toBe('eyJ-token');
    // A full GET → PUT round trip changes nothing.
    expect((await config.update(config.masked())).changed).toEqual([]);
    // null clears a secret.
    await config.update({ catalog_api_key: null });
    expect(config.masked().catalog_api_key).toBeNull();
  });

  it('writes changed fields, reports restart-required ones and survives a reload', async () => {
    const dir = tempDir();
    const { config, db } = await service(await openTempDatabase(dir));
    const staging = path.join(dir, 'staging');
    mkdirSync(staging);
    const result = await config.update({
      staging_path: staging,
      max_concurrent_matches: 3,
      extras_policy: 'skip',
      pipeline: { matchers: [] },
    });
    expect(result.changed).toEqual(['staging_path', 'max_concurrent_matches', 'pipeline']);
    // The pipeline applies live (pipeline-host.ts); only max_concurrent_matches waits for a restart.
    expect(result.restartRequired).toEqual(['max_concurrent_matches']);
    expect(config.get().pipeline).toMatchObject({
      matchers: [],
      identifiers: ['disc-lookup', 'catalog', 'heuristic'],
      rippers: { folder: 'folder' },
    });
    await db.close();
    const reloaded = await service(await openTempDatabase(dir));
    expect(reloaded.config.get()).toEqual(config.get());
  });

  it('rejects unknown fields with 400 and saves nothing', async () => {
    const { config, db } = await service();
    const before = await db.config.readAll();
    await expectInvalid(
      config.update({ transcoding_enabled: true, bogus_field: 1 }),
      /Unknown configuration field "bogus_field"/,
    );
    expect(await db.config.readAll()).toEqual(before);
    expect(config.get().transcoding_enabled).toBe(false);
    await expectInvalid(config.update(['not', 'an', 'object']), /JSON object/);
  });

  it('rejects wrong types and out-of-range values, naming the field', async () => {
    const { config, db } = await service();
    const before = await db.config.readAll();
    await expectInvalid(
      config.update({ transcoding_enabled: true, max_concurrent_matches: 'four' }),
      /"max_concurrent_matches".*integer/,
    );
    await expectInvalid(config.update({ match_review_threshold: 1.5 }), /"match_review_threshold"/);
    await expectInvalid(
      config.update({ conflict_resolution_default: 'merge' }),
      /"conflict_resolution_default".*"skip"/,
    );
    await expectInvalid(config.update({ pipeline: { rippers: { disc: 'Bad Id' } } }), /"pipeline\.rippers\.disc"/);
    expect(await db.config.readAll()).toEqual(before);
  });

  it('checks that mustExist paths exist and have the right kind', async () => {
    const dir = tempDir();
    const { config, db } = await service(await openTempDatabase(dir));
    const file = path.join(dir, 'makemkvcon');
    writeFileSync(file, '');
    await expectInvalid(config.update({ staging_path: path.join(dir, 'missing') }), /"staging_path".*does not exist/);
    await expectInvalid(config.update({ library_tv_path: file }), /"library_tv_path".*not a directory/);
    // ripper_path is server-level: written on the machine (origin local), still checked.
    await expectInvalid(config.update({ ripper_path: dir }, { origin: 'local' }), /"ripper_path".*not a file/);
    await expectInvalid(config.update({ staging_path: 'relative/dir' }), /"staging_path".*absolute/);
    expect((await db.config.readAll()).staging_path).toBeUndefined();
    expect((await config.update({ ripper_path: file, staging_path: '' }, { origin: 'local' })).changed).toEqual([
      'ripper_path',
    ]);
  });

  it('runs added validators on changed fields and uses their message', async () => {
    const { config, db } = await service();
    const check = vi.fn(async (value: string | null) =>
      value?.startsWith('T-') ? null : 'The ripper key is not valid',
    );
    const remove = config.addValidator('ripper_key', check);
    await expectInvalid(
      config.update({ ripper_key: 'nope', transcoding_enabled: true }),
      /^The ripper key is not valid$/,
    );
    expect(await db.config.readAll()).not.toHaveProperty('transcoding_enabled');
    await config.update({ ripper_key: 'T-good' });
    check.mockClear();
    await config.update({ ripper_key: '***', transcoding_enabled: true });
    expect(check).not.toHaveBeenCalled(); // unchanged field: not re-validated
    remove();
    await config.update({ ripper_key: 'anything' });
    expect(config.get().ripper_key).toBe('anything');
  });

  it('notifies change listeners after a successful update only', async () => {
    const { config } = await service();
    const listener = vi.fn();
    const off = config.onChange(listener);
    await config.update({ extras_policy: 'keep', transcoding_enabled: false });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(['extras_policy'], expect.objectContaining({ extras_policy: 'keep' }));
    await config.update({ extras_policy: 'keep' });
    await config.update({ nope: 1 }).catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    off();
    await config.update({ extras_policy: 'ask' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('falls back to the default for a stored value that no longer validates', async () => {
    const db = await openTempDatabase();
    await db.config.writeMany({
      max_concurrent_matches: 500,
      contribution_pseudonym: 'not-a-uuid',
      transcoding_enabled: true,
    });
    const { config } = await service(db);
    expect(config.get().max_concurrent_matches).toBe(2);
    expect(config.get().transcoding_enabled).toBe(true);
    const pseudonym = config.get().contribution_pseudonym;
    expect(pseudonym).not.toBe('not-a-uuid');
    expect((await db.config.readAll()).contribution_pseudonym).toBe(pseudonym);
  });

  it('serializes concurrent updates', async () => {
    const { config } = await service();
    await Promise.all([config.update({ staging_cleanup_days: 3 }), config.update({ extras_policy: 'keep' })]);
    expect(config.get()).toMatchObject({ staging_cleanup_days: 3, extras_policy: 'keep' });
  });
});
