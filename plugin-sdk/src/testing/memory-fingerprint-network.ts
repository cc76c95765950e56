/** A FingerprintNetwork for plugin tests: records what is queued and answers identify from a table. */
import type {
  DiscContributionDraft,
  EpisodeContributionDraft,
  FingerprintNetwork,
  IdentifyCandidate,
  QueuedContribution,
} from '../fingerprint-network.ts';

export class MemoryFingerprintNetwork implements FingerprintNetwork {
  readonly episodes: {
    id: number;
    draft: EpisodeContributionDraft;
    origin: { jobId: number; titleIndex: number } | undefined;
  }[] = [];
  readonly discs: { id: number; draft: DiscContributionDraft; origin: { jobId: number } | undefined }[] = [];
  readonly identifyQueries: string[] = [];

  /** `candidates(fingerprintB64)` answers identify; null means "identification is off". */
  constructor(private readonly candidates: (fingerprintB64: string) => IdentifyCandidate[] | null = () => []) {}

  async queueEpisode(
    draft: EpisodeContributionDraft,
    origin?: { jobId: number; titleIndex: number },
  ): Promise<QueuedContribution> {
    const same = this.episodes.find((e) => e.draft.fingerprint_sha256_b64 === draft.fingerprint_sha256_b64);
    if (same) return { kind: 'episode', id: same.id, duplicate: true };
    const id = this.episodes.length + 1;
    this.episodes.push({ id, draft: structuredClone(draft), origin });
    return { kind: 'episode', id, duplicate: false };
  }

  async queueDisc(draft: DiscContributionDraft, origin?: { jobId: number }): Promise<QueuedContribution> {
    const id = this.discs.length + 1;
    this.discs.push({ id, draft: structuredClone(draft), origin });
    return { kind: 'disc', id, duplicate: false };
  }

  async identify(fingerprintB64: string): Promise<IdentifyCandidate[] | null> {
    this.identifyQueries.push(fingerprintB64);
    return this.candidates(fingerprintB64);
  }
}
