import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { createStage, ripperConformance, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { createMakemkvReplay } from '../../../test/support/makemkv-replay.ts';

const root = await mkdtemp(join(tmpdir(), 'ripper-makemkv-conformance-'));
const replay = await createMakemkvReplay(join(root, 'replay'), {
  drives: { '/dev/sr0': 'sample-dvd' },
  secondsPerTitle: 0.3,
});
afterAll(() => rm(root, { recursive: true, force: true }));

runConformance(
  ripperConformance({
    create: () => createStage(plugin, 'ripper', 'makemkv'),
    source: { kind: 'disc', path: null, driveId: '/dev/sr0', volumeLabel: 'SPINDLE_SAMPLER' },
    context: { appSettings: { ripper_path: replay.path } },
    pickTitles: (scan) => scan.titles.slice(0, 2),
  }),
  { describe, it },
  'ripper-makemkv conformance',
);
