import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createFakeSetup, fingerprinterConformance, runConformance } from '@spindle/plugin-sdk/testing';
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

async function create(): Promise<Fingerprinter> {
  const setup = await createFakeSetup();
  return await plugin.definition.providers!.fingerprinter!.chromaprint!(setup);
}

runConformance(fingerprinterConformance({ create, filePath: file }), { describe, it }, 'provider-chromaprint conformance');
