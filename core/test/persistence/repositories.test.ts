import { describe, expect, it } from 'vitest';
import { openTempDatabase } from './test-database.ts';

describe('TitleRepository', () => {
  it('replaces a job’s titles and lists them by title index', async () => {
    const { jobs, titles } = await openTempDatabase();
    const job = await jobs.create({ volumeLabel: 'X', sourceKind: 'disc' });
    const other = await jobs.create({ volumeLabel: 'Y', sourceKind: 'disc' });
    await titles.replaceForJob(other.id, [{ titleIndex: 0, durationSeconds: 5, sizeBytes: 5 }]);
    await titles.replaceForJob(job.id, [{ titleIndex: 9, durationSeconds: 1, sizeBytes: 1 }]);
    const created = await titles.replaceForJob(job.id, [
      {
        titleIndex: 2,
        durationSeconds: 1320.5,
        sizeBytes: 6_000_000_000,
        resolution: '1080p',
        role: 'play_all',
        selected: false,
      },
      { titleIndex: 1, durationSeconds: 1300, sizeBytes: 1 },
    ]);
    expect(created.map((t) => t.titleIndex)).toEqual([1, 2]);
    const listed = await titles.listByJob(job.id);
    expect(listed).toEqual(created);
    expect(listed[1]).toMatchObject({
      jobId: job.id,
      sizeBytes: 6_000_000_000,
      durationSeconds: 1320.5,
      selected: false,
      role: 'play_all',
      state: 'pending',
    });
    expect(listed[0]).toMatchObject({ selected: true, isExtra: false, role: null });
    expect(await titles.listByJob(other.id)).toHaveLength(1);
  });

  it('updates a title and refuses unknown ids', async () => {
    const { jobs, titles } = await openTempDatabase();
    const job = await jobs.create({ volumeLabel: 'X', sourceKind: 'disc' });
    const [title] = await titles.replaceForJob(job.id, [{ titleIndex: 0, durationSeconds: 1, sizeBytes: 1 }]);
    const updated = await titles.update(title!.id, {
      state: 'matched',
      matchedEpisode: 'S01E02',
      matchConfidence: 0.93,
      isExtra: true,
    });
    expect(updated).toMatchObject({
      state: 'matched',
      matchedEpisode: 'S01E02',
      matchConfidence: 0.93,
      isExtra: true,
      jobId: job.id,
    });
    expect(await titles.get(title!.id)).toEqual(updated);
    expect(await titles.update(title!.id, {})).toEqual(updated);
    await expect(titles.update(999, { state: 'failed' })).rejects.toMatchObject({ code: 'title_not_found' });
    expect(await titles.get(999)).toBeNull();
  });
});

describe('ConfigRepository', () => {
  it('stores JSON values one row per field and overwrites on write', async () => {
    const { config } = await openTempDatabase();
    expect(await config.readAll()).toEqual({});
    await config.writeMany({
      staging_path: '/s',
      max_concurrent_matches: 2,
      pipeline: { identifiers: ['a'] },
      ripper_key: null,
    });
    await config.writeMany({ max_concurrent_matches: 4 });
    expect(await config.readAll()).toEqual({
      staging_path: '/s',
      max_concurrent_matches: 4,
      pipeline: { identifiers: ['a'] },
      ripper_key: null,
    });
  });
});

describe('PluginStoreRepository', () => {
  it('gets, sets, deletes and lists keys by prefix per plugin', async () => {
    const { pluginStore } = await openTempDatabase();
    await pluginStore.set('alpha', 'cache:1', '"one"');
    await pluginStore.set('alpha', 'cache:1', '"uno"');
    await pluginStore.set('alpha', 'cache:2', '2');
    await pluginStore.set('alpha', 'Cache:3', '3');
    await pluginStore.set('alpha', 'other', '{}');
    await pluginStore.set('beta', 'cache:9', '9');
    expect(await pluginStore.get('alpha', 'cache:1')).toBe('"uno"');
    expect(await pluginStore.get('beta', 'cache:1')).toBeUndefined();
    expect(await pluginStore.keys('alpha', 'cache:')).toEqual(['cache:1', 'cache:2']);
    expect(await pluginStore.keys('alpha', '')).toEqual(['Cache:3', 'cache:1', 'cache:2', 'other']);
    await pluginStore.delete('alpha', 'cache:1');
    expect(await pluginStore.get('alpha', 'cache:1')).toBeUndefined();
    expect(await pluginStore.keys('beta', 'cache:')).toEqual(['cache:9']);
  });
});
