import { definePlugin } from '@spindle/plugin-sdk';
import { StagingWatcher } from './staging-watcher.ts';

export default definePlugin({
  id: 'detector-staging-watcher',
  name: 'Staging folder watcher',
  stages: {
    detector: { 'staging-watcher': (setup) => new StagingWatcher(setup) },
  },
});
