/**
 * The library refresh after a completed job asks each configured media server to rescan the
 * folders that received files, and only folders that exist: a job whose paths exist nowhere (the
 * DEBUG simulation's /simulated/… paths) makes no rescan, without any simulation case in the code.
 */
import type { LibraryRefresher } from '@spindle/plugin-sdk';
import { RecordingLogger } from '@spindle/plugin-sdk/testing';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LibraryRefreshService } from '../../src/media-servers/library-refresh-service.ts';
import type { Resolved } from '../../src/pipeline/stage-resolver.ts';
import { jobWorld } from '../jobs/job-fakes.ts';
import { tempDir } from '../persistence/test-database.ts';

function refreshWorld() {
  const w = jobWorld();
  const asked: string[][] = [];
  const refresher: LibraryRefresher = {
    status: () => ({ configured: true, target: 'test-server' }),
    refresh: async (request) => {
      asked.push(request.paths);
      return { detail: `rescanned ${request.paths.length} folder(s)` };
    },
  };
  const service = new LibraryRefreshService({
    refreshers: () => [{ record: { id: 'test-server' }, impl: refresher }] as unknown as Resolved<LibraryRefresher>[],
    jobs: w.jobs,
    titles: w.titles,
    redact: (text) => text,
    logger: new RecordingLogger(),
  });
  return { ...w, asked, service };
}

describe('library refresh after a completed job', () => {
  it('rescans the job’s library folder when it exists, and notes it on the timeline', async () => {
    const w = refreshWorld();
    const library = join(tempDir(), 'TV', 'Show');
    await mkdir(library, { recursive: true });
    const { job } = await w.seed('completed', { libraryPath: library });
    w.service.jobFinished(job);
    await w.service.settled();
    expect(w.asked).toEqual([[library]]);
    expect((await w.jobs.timeline(job.id)).at(-1)?.message).toBe('library refresh: rescanned 1 folder(s)');
  });

  it('rescans nothing for a job whose folders exist nowhere (a simulated job’s paths)', async () => {
    const w = refreshWorld();
    const { job } = await w.seed('completed', { libraryPath: '/simulated/TV/Show', simulated: true });
    const { job: byTitles } = await w.seed('completed', { simulated: true }, [
      {
        titleIndex: 0,
        durationSeconds: 1,
        sizeBytes: 1,
        state: 'completed',
        organizedPath: '/simulated/TV/Show/Season 01/Show - S01E01.mkv',
      },
    ]);
    w.service.jobFinished(job);
    w.service.jobFinished(byTitles);
    await w.service.settled();
    expect(w.asked).toEqual([]);
  });
});
