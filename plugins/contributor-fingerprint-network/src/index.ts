import { definePlugin, type PluginSetup } from '@spindle/plugin-sdk';
import { FingerprintContributor, type NetworkSettings } from './fingerprint-contributor.ts';
import { NetworkFingerprintMatcher } from './network-matcher.ts';

const withDefaults = (setup: PluginSetup): PluginSetup<NetworkSettings> =>
  ({ ...setup, settings: { min_match_confidence: 0.7, ...(setup.settings as Partial<NetworkSettings>) } }) as PluginSetup<NetworkSettings>;

export default definePlugin({
  id: 'contributor-fingerprint-network',
  name: 'Fingerprint network',
  stages: {
    contributor: { 'fingerprint-network': (setup) => new FingerprintContributor(withDefaults(setup)) },
    matcher: { 'fingerprint-network': () => new NetworkFingerprintMatcher() },
  },
});
