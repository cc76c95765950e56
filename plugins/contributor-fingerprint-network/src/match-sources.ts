/** How a title's match source becomes a contribution's `match_source`, and which sources came from the network. */
import type { ContributionMatchSource } from '@spindle/plugin-sdk';

const WIRE_SOURCE: Record<string, ContributionMatchSource> = {
  local_asr: 'local_asr',
  asr: 'local_asr',
  local_disc_lookup: 'local_disc_lookup',
  disc_lookup: 'local_disc_lookup',
  user_review: 'user_review',
  bootstrap: 'bootstrap',
  local_fingerprint_corroboration: 'local_fingerprint_corroboration',
};

/** The wire enum value, or null for sources that are not contributed (heuristics, simulations, the network itself). */
export function wireMatchSource(source: string): ContributionMatchSource | null {
  return WIRE_SOURCE[source] ?? null;
}

/** Sources whose answer came from the fingerprint network (`network_disc`, `network_fingerprint`). */
export function isNetworkSource(source: string): boolean {
  return source.startsWith('network_');
}

export const NETWORK_FINGERPRINT_SOURCE = 'network_fingerprint';
