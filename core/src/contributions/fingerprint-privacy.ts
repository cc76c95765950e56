/**
 * The user's controls over what they shared: rotate the pseudonym (pending contributions are
 * re-tagged), forget (the network forgets the current pseudonym first; only when it confirmed with a 2xx,
 * the pseudonym rotates, the disclosure is cleared and every pending contribution is deleted),
 * and the DEBUG seed of one fake contribution. Each runs while no upload check runs.
 */
import { randomUUID } from 'node:crypto';
import { ConflictError, encodeFingerprint, errorMessage, SpindleError } from '@spindle/plugin-sdk';
import type { ConfigService } from '../config/config-service.ts';
import type { ContributionQueue } from './contribution-queue.ts';
import type { ContributionUploader } from './contribution-uploader.ts';
import type { FingerprintNetworkClient } from './network-client.ts';

export class RemoteForgetError extends SpindleError {
  constructor(reason: string) {
    super(
      'remote_forget_failed',
      `The fingerprint network did not confirm the forget request (${reason}). Nothing was changed here: ` +
        'your pseudonym, the disclosure setting and the pending contributions are as they were. Try again later.',
      { retryable: true },
    );
  }
}

export class FingerprintPrivacy {
  constructor(
    private readonly deps: {
      config: ConfigService;
      queue: ContributionQueue;
      uploader: ContributionUploader;
      client: FingerprintNetworkClient | null;
    },
  ) {}

  rotatePseudonym(): Promise<{ pseudonym_prefix: string; retagged: number }> {
    return this.deps.uploader.exclusive(async () => {
      const pseudonym = randomUUID();
      const retagged = await this.deps.queue.retag(pseudonym);
      await this.deps.config.update({ contribution_pseudonym: pseudonym });
      return { pseudonym_prefix: pseudonym.slice(0, 8), retagged };
    });
  }

  forget(): Promise<{ canonical_unaffected: boolean; deleted_pending: number; pseudonym_prefix: string }> {
    return this.deps.uploader.exclusive(async () => {
      const { client, config, queue } = this.deps;
      if (!client) {
        throw new ConflictError(
          'fingerprint_server_not_configured',
          'FINGERPRINT_SERVER_URL is not set, so the network cannot be asked to forget this pseudonym; nothing was changed',
        );
      }
      let confirmed: { canonical_unaffected: boolean };
      try {
        confirmed = await client.forget(config.get().contribution_pseudonym);
      } catch (error) {
        throw new RemoteForgetError(errorMessage(error));
      }
      const pseudonym = randomUUID();
      await config.update({ contribution_pseudonym: pseudonym, fingerprint_disclosure_accepted: false });
      const deleted = await queue.deleteAll();
      return {
        canonical_unaffected: confirmed.canonical_unaffected,
        deleted_pending: deleted,
        pseudonym_prefix: pseudonym.slice(0, 8),
      };
    });
  }

  /** DEBUG: queues one fake episode contribution (synthetic fingerprint, no disc hash). */
  async seed(): Promise<{ kind: 'episode'; contrib_id: number }> {
    let item = (Math.random() * 0xffffffff) >>> 0;
    const items = Array.from({ length: 1450 }, () => (item = (item ^ (1 << Math.floor(Math.random() * 32))) >>> 0));
    const encoded = await encodeFingerprint(items);
    const queued = await this.deps.queue.queueEpisode(
      {
        catalog_id: 1,
        season: 1,
        episode: 1,
        fingerprint_b64: encoded.fingerprintB64,
        fingerprint_sha256_b64: encoded.sha256B64,
        disc_content_hash_b64: null,
        match_confidence: 1,
        match_source: 'bootstrap',
      },
      this.deps.config.get().contribution_pseudonym,
      null,
    );
    return { kind: 'episode', contrib_id: queued.id };
  }
}
