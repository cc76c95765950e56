import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Transcoder } from '@spindle/plugin-sdk';
import { createFakeSetup, readManifest, runConformance, transcoderConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { makeTestTitle } from './make-test-title.ts';

const manifest = readManifest(new URL('../package.json', import.meta.url));
let dir = '';
let input = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'transcoder-conformance-'));
  input = await makeTestTitle(dir, 'title', 6);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function create(): Promise<Transcoder> {
  const setup = await createFakeSetup({
    manifest,
    settings: { codec: 'h264', crf: 30, preset: 'ultrafast', hardware: 'off' },
  });
  return await plugin.definition.providers!.transcoder!.ffmpeg!(setup);
}

runConformance(
  transcoderConformance({ create, inputFile: () => input }),
  { describe, it },
  'transcoder-ffmpeg conformance',
);
