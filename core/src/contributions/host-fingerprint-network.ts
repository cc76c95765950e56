/**
 * The SDK's FingerprintNetwork port as the core offers it to plugins: queueing goes into the
 * core's persisted queues, tagged with the current pseudonym, after the same wire-schema check the
 * uploader does before sending; identify asks the network only when
 * `enable_fingerprint_identification` is on and a server is configured.
 */
import type {
  DiscContributionDraft,
  EpisodeContributionDraft,
  FingerprintNetwork,
  IdentifyCandidate,
  QueuedContribution,
} from '@spindle/plugin-sdk';
import type { AppConfig } from '../config/app-config-fields.ts';
import { discPayload, episodePayload } from './contribution-payloads.ts';
import type { ContributionQueue } from './contribution-queue.ts';
import type { FingerprintNetworkClient } from './network-client.ts';

export class HostFingerprintNetwork implements FingerprintNetwork {
  constructor(
    private readonly queue: ContributionQueue,
    private readonly config: { get(): AppConfig },
    private readonly client: FingerprintNetworkClient | null,
    private readonly clientVersion: string,
  ) {}

  async queueEpisode(
    draft: EpisodeContributionDraft,
    origin?: { jobId: number; titleIndex: number },
  ): Promise<QueuedContribution> {
    const pseudonym = this.config.get().contribution_pseudonym;
    episodePayload(draft, pseudonym, this.clientVersion); // throws InputError when outside the schema
    return this.queue.queueEpisode(structuredClone(draft), pseudonym, origin?.jobId ?? null);
  }

  async queueDisc(draft: DiscContributionDraft, origin?: { jobId: number }): Promise<QueuedContribution> {
    const pseudonym = this.config.get().contribution_pseudonym;
    discPayload(draft, pseudonym, this.clientVersion);
    return this.queue.queueDisc(structuredClone(draft), pseudonym, origin?.jobId ?? null);
  }

  async identify(fingerprintB64: string, signal?: AbortSignal): Promise<IdentifyCandidate[] | null> {
    if (!this.config.get().enable_fingerprint_identification || !this.client) return null;
    return this.client.identify(fingerprintB64, signal);
  }
}
