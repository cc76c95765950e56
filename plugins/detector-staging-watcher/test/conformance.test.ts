import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { createStage, detectorConformance, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

const staging = await mkdtemp(join(tmpdir(), 'staging-watcher-conformance-'));
afterAll(() => rm(staging, { recursive: true, force: true }));
let drops = 0;

runConformance(
  detectorConformance({
    create: () => createStage(plugin, 'detector', 'staging-watcher'),
    context: {
      settings: { stable_polls: 2, use_polling: false },
      appSettings: { staging_watch_enabled: true, staging_path: staging, staging_poll_interval_seconds: 0.05 },
    },
    trigger: async ({ round }) => {
      const folder = join(staging, `CONFORMANCE_D${round}_${++drops}`);
      await mkdir(folder);
      await writeFile(join(folder, 'title_t00.mkv'), 'matroska');
    },
  }),
  { describe, it },
  'detector-staging-watcher conformance',
);
