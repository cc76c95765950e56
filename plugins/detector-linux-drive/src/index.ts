import { definePlugin } from '@spindle/plugin-sdk';
import { LinuxDriveDetector } from './linux-drive-detector.ts';

export default definePlugin({
  id: 'detector-linux-drive',
  name: 'Optical drives (Linux)',
  stages: {
    detector: { 'linux-drive': (setup) => new LinuxDriveDetector(setup) },
  },
});
