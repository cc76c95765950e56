/**
 * Optional matcher (not in the default pipeline): with `enable_fingerprint_identification` on, it
 * sends only the title's compressed fingerprint to the network's identify call. When an earlier
 * speech-recognition match names the same episode, the result is `local_fingerprint_corroboration`
 * with the two confidences combined; a network-only answer (`network_fingerprint`) stays below
 * certainty, and an answer that contradicts the speech match lowers the confidence so the title
 * goes to review with both candidates.
 */
import {
  errorMessage,
  throwIfAborted,
  type IdentifyCandidate,
  type MatchCandidate,
  type MatchInput,
  type Matcher,
  type MatchResult,
  type StageContext,
} from '@spindle/plugin-sdk';
import { NETWORK_FINGERPRINT_SOURCE, wireMatchSource } from './match-sources.ts';
import { titleFingerprint } from './title-fingerprint.ts';

/** Network score (1 − bit error rate) → confidence: 0.7 → 0.5, 0.95 → 0.9, never above 0.9 alone. */
export function confidenceOfScore(score: number): number {
  return Math.max(0, Math.min(0.9, 0.5 + (score - 0.7) * 1.6));
}

function candidateOf(c: IdentifyCandidate): MatchCandidate {
  const episode = c.season !== null && c.episode !== null;
  return {
    kind: episode ? 'episode' : 'main_movie',
    season: episode ? c.season : null,
    episode: episode ? c.episode : null,
    episodeEnd: null,
    edition: null,
    score: c.score,
  };
}

export class NetworkFingerprintMatcher implements Matcher {
  async match({ job, title, previous }: MatchInput, ctx: StageContext): Promise<MatchResult | null> {
    throwIfAborted(ctx.signal);
    if (ctx.setting('enable_fingerprint_identification') !== true) return null;
    const network = ctx.fingerprintNetwork;
    const fingerprinter = ctx.providers.get('fingerprinter');
    if (!network || !fingerprinter || !title.filePath) return null;
    const encoded = await titleFingerprint(
      fingerprinter,
      { filePath: title.filePath, durationSeconds: title.durationSeconds },
      ctx.signal,
    );
    if (!encoded) return null;
    let answer: IdentifyCandidate[] | null;
    try {
      answer = await network.identify(encoded.fingerprintB64, ctx.signal);
    } catch (error) {
      throwIfAborted(ctx.signal);
      // The network being unreachable must not fail the job: the chain goes on without it.
      ctx.logger.warn(`fingerprint identify failed: ${errorMessage(error)}`);
      return null;
    }
    const candidates = (answer ?? []).filter((c) => job.catalogId === null || c.catalog_id === job.catalogId);
    const top = candidates[0];
    if (!top) return null;
    const best = candidateOf(top);
    const asr = previous.find((r) => wireMatchSource(r.source) === 'local_asr' && r.kind === best.kind);
    const agrees = asr !== undefined && asr.season === best.season && asr.episode === best.episode;
    const network_ = confidenceOfScore(top.score);
    const confidence = agrees
      ? 1 - (1 - asr.confidence) * (1 - network_)
      : asr
        ? Math.min(network_, 0.5)
        : job.catalogId === null
          ? Math.min(network_, 0.6)
          : network_;
    return {
      kind: best.kind,
      season: best.season,
      episode: best.episode,
      episodeEnd: null,
      edition: null,
      confidence: Math.round(confidence * 1000) / 1000,
      source: agrees ? 'local_fingerprint_corroboration' : NETWORK_FINGERPRINT_SOURCE,
      components: [
        { name: 'network_fingerprint', value: top.score, weight: 1, detail: `aligned at ${top.offset_items} items` },
        ...(asr ? [{ name: agrees ? 'asr_agrees' : 'asr_disagrees', value: asr.confidence, weight: 1 }] : []),
      ],
      candidates: candidates.map(candidateOf),
    };
  }
}
