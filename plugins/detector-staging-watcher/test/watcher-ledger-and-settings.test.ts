/**
 * The staging watcher keeps a ledger of imported content in its store: no second import after a
 * restart, deleted folders forgotten, refused folders retried once they change; and the settings
 * that switch it on and off or point it at a folder that does not exist yet.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpindleError } from '@spindle/plugin-sdk';
import { createFakeContext, MemoryKeyValueStore, RecordingLogger, RecordingSink } from '@spindle/plugin-sdk/testing';
import { StagingWatcher } from '../src/staging-watcher.ts';
import { delay, dropFolder, labels, nextId, POLL_MS, root, stagingFolder, startWatcher } from './watcher-harness.ts';

describe('staging watcher: never the same content twice', () => {
  it('does not import a folder again after a restart, but does import new folders and new content', async () => {
    const staging = await stagingFolder();
    const store = new MemoryKeyValueStore();
    const first = await startWatcher(staging, { store });
    const folder = await dropFolder(staging, 'ONCE_ONLY');
    expect(await first.sink.waitFor(1, 3000)).toBe(true);
    first.ctx.abort();

    const second = await startWatcher(staging, { store });
    await delay(POLL_MS * 8);
    expect(second.sink.detections).toEqual([]);
    await dropFolder(staging, 'AFTER_RESTART');
    expect(await second.sink.waitFor(1, 3000)).toBe(true);
    expect(labels(second.sink)).toEqual(['AFTER_RESTART']);

    // a new rip dropped into the same folder name is new content: imported again
    await rm(join(folder, 'title_t00.mkv'));
    await writeFile(join(folder, 'title_t05.mkv'), 'a different disc');
    expect(await second.sink.waitFor(2, 3000)).toBe(true);
    expect(labels(second.sink)).toEqual(['AFTER_RESTART', 'ONCE_ONLY']);
  });

  it('forgets folders that were deleted, so a new folder of that name is imported', async () => {
    const staging = await stagingFolder();
    const store = new MemoryKeyValueStore();
    const { sink } = await startWatcher(staging, { store });
    await dropFolder(staging, 'REUSED_NAME', { 'x.mkv': 'same bytes' });
    expect(await sink.waitFor(1, 3000)).toBe(true);
    expect(await store.keys('imported:')).toEqual([`imported:${join(staging, 'REUSED_NAME')}`]);
    await rename(join(staging, 'REUSED_NAME'), join(root, `moved-away-${nextId()}`));
    await delay(POLL_MS * 3);
    expect(await store.keys('imported:')).toEqual([]);
  });

  it('does not record a folder the core refused, and tries again once its files change', async () => {
    const staging = await stagingFolder();
    const sink = new RecordingSink();
    let refuse = true;
    const refusing = Object.assign(sink, {
      stagingFolderReady(event: { path: string; volumeLabel: string }) {
        if (refuse) throw new SpindleError('no_space', 'refused for the test');
        RecordingSink.prototype.stagingFolderReady.call(sink, event);
      },
    });
    const store = new MemoryKeyValueStore();
    const { ctx } = await startWatcher(staging, { store, sink: refusing });
    const folder = await dropFolder(staging, 'REFUSED');
    await delay(POLL_MS * 8);
    expect(sink.detections).toEqual([]);
    expect(ctx.logger.entries.filter((e) => e.message.includes('REFUSED could not be imported'))).toHaveLength(1); // not retried in a loop
    expect(await store.keys('imported:')).toEqual([]);
    refuse = false;
    await writeFile(join(folder, 'title_t01.mkv'), 'one more title');
    expect(await sink.waitFor(1, 3000)).toBe(true);
  });
});

describe('staging watcher: switched by settings', () => {
  it('watches nothing and says "disabled" when staging_watch_enabled is false', async () => {
    const staging = await stagingFolder();
    const { sink } = await startWatcher(staging, { enabled: false });
    await dropFolder(staging, 'IGNORED_WHILE_OFF');
    await delay(POLL_MS * 6);
    expect(sink.detections).toEqual([]);
    expect(sink.statuses).toEqual(['disabled']);
    // switched on (the core restarts the detector with the new setting): the folder is imported
    const on = await startWatcher(staging, { enabled: true });
    expect(await on.sink.waitFor(1, 3000)).toBe(true);
    expect(labels(on.sink)).toEqual(['IGNORED_WHILE_OFF']);
  });

  it('tells macOS users, once, that the staging folder is the way in', async () => {
    const logger = new RecordingLogger();
    const watcher = new StagingWatcher({ logger });
    for (let i = 0; i < 2; i++) {
      const ctx = await createFakeContext({
        host: { platform: 'darwin' },
        appSettings: { staging_watch_enabled: false },
      });
      await watcher.start(new RecordingSink(), ctx);
      await ctx.dispose();
    }
    expect(logger.messages('info')).toEqual([
      'macOS has no automatic disc detection in Spindle: rip discs to folders of MKV files and put each folder into the staging folder (or import it with POST /api/staging/import)',
    ]);
  });

  it('says "staging_path not set" and waits when there is no staging folder configured', async () => {
    const { sink } = await startWatcher(null);
    expect(sink.statuses).toEqual(['staging_path not set']);
  });

  it('waits for a staging folder that does not exist yet, then watches it', async () => {
    const staging = join(root, `later-${nextId()}`);
    const { sink } = await startWatcher(staging);
    expect(sink.statuses.at(-1)).toBe(`waiting for the staging folder ${staging} to exist`);
    await mkdir(staging);
    await dropFolder(staging, 'ARRIVED_LATER');
    expect(await sink.waitFor(1, 3000)).toBe(true);
    await delay(POLL_MS * 2);
    expect(sink.statuses.at(-1)).toBe(`watching ${staging} (checks every 100 ms)`);
  });

  it('keeps the ledger and watches again when the staging folder goes away and comes back (an unmounted drive)', async () => {
    const staging = await stagingFolder();
    const store = new MemoryKeyValueStore();
    const { sink } = await startWatcher(staging, { store });
    await dropFolder(staging, 'BEFORE_UNMOUNT');
    expect(await sink.waitFor(1, 3000)).toBe(true);
    const away = join(root, `unmounted-${nextId()}`);
    await rename(staging, away);
    await delay(POLL_MS * 3);
    expect(sink.statuses.at(-1)).toBe(`waiting for the staging folder ${staging} to exist`);
    await rename(away, staging);
    await delay(POLL_MS * 6);
    expect(sink.detections).toHaveLength(1); // the same content is not imported again
    const folder = await dropFolder(staging, 'AFTER_REMOUNT', { 'readme.txt': 'no video yet' });
    await delay(POLL_MS * 5);
    await writeFile(join(folder, 'title_t00.mkv'), 'video'); // seen through file-system events again
    expect(await sink.waitFor(2, 2000)).toBe(true);
    expect(labels(sink)).toEqual(['BEFORE_UNMOUNT', 'AFTER_REMOUNT']);
  });

  it('reports which folders it is waiting for in its status line', async () => {
    const staging = await stagingFolder();
    const { sink } = await startWatcher(staging, { pollSeconds: 0.3 });
    await dropFolder(staging, 'SETTLING');
    await delay(450);
    expect(sink.statuses).toContain(`watching ${staging}: waiting for SETTLING to stop changing`);
    expect(await sink.waitFor(1, 3000)).toBe(true);
  });
});
