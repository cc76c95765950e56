import { definePlugin, type PluginSetup } from '@spindle/plugin-sdk';
import { FingerprintContributor, type NetworkSettings } from './fingerprint-contributor.ts';
import { NetworkFingerprintMatcher } from './network-matcher.ts';

/** The core has filled in the manifest's defaults and validated the settings. */
const configured = (setup: PluginSetup): PluginSetup<NetworkSettings> =>
  setup as unknown as PluginSetup<NetworkSettings>;

export default definePlugin({
  id: 'contributor-fingerprint-network',
  name: 'Fingerprint network',
  stages: {
    contributor: { 'fingerprint-network': (setup) => new FingerprintContributor(configured(setup)) },
    matcher: { 'fingerprint-network': () => new NetworkFingerprintMatcher() },
  },
});
