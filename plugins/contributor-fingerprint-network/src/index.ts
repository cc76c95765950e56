import { definePlugin } from '@spindle/plugin-sdk';
import { FingerprintContributor, type NetworkSettings } from './fingerprint-contributor.ts';
import { NetworkFingerprintMatcher } from './network-matcher.ts';

/** The core fills in the manifest's defaults and validates the settings before a factory runs. */
export default definePlugin<NetworkSettings>({
  id: 'contributor-fingerprint-network',
  name: 'Fingerprint network',
  stages: {
    contributor: { 'fingerprint-network': (setup) => new FingerprintContributor(setup) },
    matcher: { 'fingerprint-network': () => new NetworkFingerprintMatcher() },
  },
});
