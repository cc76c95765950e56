import { definePlugin } from '@spindle/plugin-sdk';
import { DiscLookupMatcher } from './disc-lookup-matcher.ts';

export default definePlugin({
  id: 'matcher-disc-lookup',
  name: 'Disc lookup mappings',
  stages: {
    matcher: { 'disc-lookup': () => new DiscLookupMatcher() },
  },
});
