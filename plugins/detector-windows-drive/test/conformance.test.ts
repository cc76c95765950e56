import { afterAll, describe, it } from 'vitest';
import { createStage, detectorConformance, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { createFakePowershell } from './fake-powershell.ts';

const ps = await createFakePowershell();
await ps.setDrives('[]');
afterAll(() => ps.dispose());
const settings = { poll_interval_seconds: 0.05, auto_eject: true, powershell_path: ps.path };
const loaded: string[] = [];

runConformance(
  detectorConformance({
    create: () => createStage(plugin, 'detector', 'windows-drive', { settings }),
    context: { settings, host: { platform: 'win32' } },
    // every trigger adds a drive with a disc to what PowerShell lists
    trigger: async () => {
      const letter = String.fromCharCode('D'.charCodeAt(0) + loaded.length);
      loaded.push(
        JSON.stringify({
          Drive: `${letter}:`,
          MediaLoaded: true,
          VolumeName: `CONFORMANCE_${letter}`,
          VolumeSerialNumber: letter,
          Size: 1,
        }),
      );
      await ps.setDrives(`[${loaded.join(',')}]`);
    },
  }),
  { describe, it },
  'detector-windows-drive conformance',
);
