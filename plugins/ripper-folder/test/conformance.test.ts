import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createStage, ripperConformance, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { makeMkv, requireFfmpeg } from './make-mkv.ts';

const root = await mkdtemp(join(tmpdir(), 'ripper-folder-conformance-'));
const folder = join(root, 'CONFORMANCE_DISC');

beforeAll(async () => {
  await requireFfmpeg();
  await mkdir(folder);
  await makeMkv(join(folder, 'title_t00.mkv'), { seconds: 2, width: 1280, height: 720 });
  await makeMkv(join(folder, 'title_t01.mkv'), { seconds: 1, width: 640, height: 480 });
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

runConformance(
  ripperConformance({
    create: () => createStage(plugin, 'ripper', 'folder'),
    source: { kind: 'folder', path: folder, driveId: null, volumeLabel: 'CONFORMANCE_DISC' },
  }),
  { describe, it },
  'ripper-folder conformance',
);
