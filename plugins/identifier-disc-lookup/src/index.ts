import { definePlugin } from '@spindle/plugin-sdk';
import { DiscLookupIdentifier } from './disc-lookup-identifier.ts';

export default definePlugin({
  id: 'identifier-disc-lookup',
  name: 'Disc lookup',
  stages: {
    identifier: { 'disc-lookup': () => new DiscLookupIdentifier() },
  },
});
