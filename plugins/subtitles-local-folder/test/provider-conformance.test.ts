/** The local folder provider passes the SDK's subtitles conformance suite on a real folder. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createProvider, readManifest, runConformance, subtitlesConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'spindle-srt-conformance-'));
  await writeFile(join(folder, 'Castle.Keep.S01E02.en.srt'), '1\n00:00:01,000 --> 00:00:02,500\nHello there\n');
});
afterAll(() => rm(folder, { recursive: true, force: true }));

const manifest = readManifest(new URL('../package.json', import.meta.url));

runConformance(
  subtitlesConformance({
    create: () => createProvider(plugin, 'subtitles', 'local-folder', { manifest, settings: { folder } }),
    knownQuery: { catalogId: null, title: 'Castle Keep', season: 1, episode: 2, language: 'en' },
  }),
  { describe, it },
  'local folder subtitles conformance',
);
