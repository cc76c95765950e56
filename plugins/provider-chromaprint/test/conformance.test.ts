import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createFakeSetup, fingerprinterConformance, readManifest, runConformance } from '@spindle/plugin-sdk/testing';
import type { Fingerprinter } from '@spindle/plugin-sdk';
import plugin from '../src/index.ts';
import { makeTestAudio } from './make-test-audio.ts';

let dir = '';
const file = () => join(dir, 'title.mka');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chromaprint-conformance-'));
  await makeTestAudio(file(), 70);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const manifest = readManifest(new URL('../package.json', import.meta.url));

async function create(): Promise<Fingerprinter> {
  const setup = await createFakeSetup({ manifest });
  return await plugin.definition.providers!.fingerprinter!.chromaprint!(setup);
}

runConformance(
  fingerprinterConformance({ create, filePath: file }),
  { describe, it },
  'provider-chromaprint conformance',
);
