/**
 * The staging watcher against real folders and files in a temp staging folder, with a short poll
 * interval (the setting exists so tests need not wait 2 s a poll): the 2-stable-polls rule with a
 * file growing in steps, and the subfolder and job_ rules.
 */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { delay, dropFolder, labels, POLL_MS, stagingFolder, startWatcher } from './watcher-harness.ts';

describe('staging watcher: when a folder is ready', () => {
  it('waits until every file kept its size for 2 consecutive polls while a file grows in steps', async () => {
    const staging = await stagingFolder();
    const { sink } = await startWatcher(staging);
    const folder = join(staging, 'GROWING_DISC');
    await mkdir(folder);
    await writeFile(join(folder, 'title_t01.mkv'), 'complete already');
    const file = join(folder, 'title_t00.mkv');
    let lastWrite = 0;
    for (let step = 0; step < 10; step++) {
      await appendFile(file, Buffer.alloc(64 * 1024, step)); // grows every 1.5 polls
      lastWrite = Date.now();
      await delay(POLL_MS * 1.5);
      expect(sink.detections, `reported while the file was still growing (step ${step})`).toEqual([]);
    }
    expect(await sink.waitFor(1, 5000)).toBe(true);
    const waited = Date.now() - lastWrite;
    // the first poll after the last write sees the new size; two more unchanged polls → ≥ 2 intervals
    expect(waited).toBeGreaterThanOrEqual(2 * POLL_MS - 10);
    expect(waited).toBeLessThan(3000);
    expect(sink.detections).toEqual([
      { type: 'stagingFolderReady', event: { path: folder, volumeLabel: 'GROWING_DISC' } },
    ]);
    await delay(POLL_MS * 5);
    expect(sink.detections).toHaveLength(1); // reported once
  });

  it('waits while an .mkv file is still empty (created, not written yet)', async () => {
    const staging = await stagingFolder();
    const { sink, ctx } = await startWatcher(staging);
    const folder = await dropFolder(staging, 'NOT_FILLED_YET', { 'title_t00.mkv': 'done', 'title_t01.mkv': '' });
    await delay(POLL_MS * 8);
    expect(sink.detections).toEqual([]);
    expect(ctx.logger.messages('info')).toContain(
      'staging folder NOT_FILLED_YET is not imported while title_t01.mkv is empty',
    );
    await writeFile(join(folder, 'title_t01.mkv'), 'now written');
    expect(await sink.waitFor(1, 3000)).toBe(true);
  });

  it('imports a folder whose copy finished before the watcher started', async () => {
    const staging = await stagingFolder();
    await dropFolder(staging, 'ALREADY_THERE', { 'a.mkv': 'x', 'b.mkv': 'yy' });
    const { sink } = await startWatcher(staging);
    expect(await sink.waitFor(1, 3000)).toBe(true);
    expect(labels(sink)).toEqual(['ALREADY_THERE']);
  });

  it('reports each of several folders on its own', async () => {
    const staging = await stagingFolder();
    const { sink } = await startWatcher(staging);
    await dropFolder(staging, 'SHOW_S1_D1');
    await dropFolder(staging, 'SHOW_S1_D2', { 'title_t00.MKV': 'upper-case extension' });
    expect(await sink.waitFor(2, 3000)).toBe(true);
    expect(labels(sink).sort()).toEqual(['SHOW_S1_D1', 'SHOW_S1_D2']);
  });

  it('wakes a settled folder as soon as an MKV lands in it (file-system events, not the slow recheck)', async () => {
    const staging = await stagingFolder();
    const { sink } = await startWatcher(staging);
    const folder = await dropFolder(staging, 'EMPTY_AT_FIRST', { 'readme.txt': 'no video yet' });
    await delay(POLL_MS * 6); // settled: no MKV, nothing to report
    expect(sink.detections).toEqual([]);
    await writeFile(join(folder, 'title_t00.mkv'), 'now a video');
    const dropped = Date.now();
    expect(await sink.waitFor(1, 2500)).toBe(true);
    expect(Date.now() - dropped).toBeLessThan(2000); // the periodic recheck would take 30 polls
    expect(labels(sink)).toEqual(['EMPTY_AT_FIRST']);
  });
});

describe('staging watcher: what it ignores', () => {
  it('ignores .mkv files directly in staging_path and says so once in the log', async () => {
    const staging = await stagingFolder();
    const { sink, ctx } = await startWatcher(staging);
    await writeFile(join(staging, 'loose.mkv'), 'not in a subfolder');
    await delay(POLL_MS * 6);
    await writeFile(join(staging, 'loose.mkv'), 'still not in a subfolder, changed');
    await delay(POLL_MS * 4);
    expect(sink.detections).toEqual([]);
    const warnings = ctx.logger.entries.filter((e) => e.message.includes('loose.mkv'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toContain('put each disc');
    await dropFolder(staging, 'PROPER_FOLDER');
    expect(await sink.waitFor(1, 3000)).toBe(true);
    expect(labels(sink)).toEqual(['PROPER_FOLDER']);
  });

  it('ignores job_ folders (the ripping pipeline’s), hidden folders, folders without MKVs and deeper MKVs', async () => {
    const staging = await stagingFolder();
    const { sink } = await startWatcher(staging);
    await dropFolder(staging, 'job_12');
    await dropFolder(staging, 'job_disc');
    await dropFolder(staging, '.partial');
    await dropFolder(staging, 'NOTES_ONLY', { 'notes.txt': 'text', 'cover.jpg': 'jpeg' });
    await mkdir(join(staging, 'NESTED', 'inner'), { recursive: true });
    await writeFile(join(staging, 'NESTED', 'inner', 'deeper.mkv'), 'too deep');
    await dropFolder(staging, 'REAL_DISC');
    expect(await sink.waitFor(1, 3000)).toBe(true);
    await delay(POLL_MS * 6);
    expect(labels(sink)).toEqual(['REAL_DISC']);
  });
});
