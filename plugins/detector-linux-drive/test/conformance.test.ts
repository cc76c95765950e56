import { afterAll, describe, it } from 'vitest';
import { createStage, detectorConformance, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { blkidExport, createFakeLinux } from './fake-linux.ts';

const linux = await createFakeLinux();
afterAll(() => linux.dispose());
let drives = 0;

runConformance(
  detectorConformance({
    create: () => createStage(plugin, 'detector', 'linux-drive', { settings: linux.settings() }),
    context: { settings: linux.settings(), host: { platform: 'linux' } },
    // every trigger plugs in a drive holding a disc: a running detector must report it
    trigger: async () => {
      const name = `sr${drives++}`;
      await linux.addDrive(name);
      await linux.insert(name, 1000, blkidExport(`/dev/${name}`, `CONFORMANCE_${name.toUpperCase()}`));
    },
  }),
  { describe, it },
  'detector-linux-drive conformance',
);
