import { definePlugin } from '@spindle/plugin-sdk';
import { WindowsDriveDetector } from './windows-drive-detector.ts';

export default definePlugin({
  id: 'detector-windows-drive',
  name: 'Optical drives (Windows)',
  stages: {
    detector: { 'windows-drive': (setup) => new WindowsDriveDetector(setup) },
  },
});
