/**
 * When a job completes: a fingerprint of every confidently matched episode or main feature, and
 * the disc-layout record, go to the host's contribution queue. The host uploads them later, only
 * once the disclosure is accepted. A disc whose every identified title came from the network is
 * not contributed back. Nothing but the wire fields is queued.
 */
import {
  contentHashToBase64,
  errorMessage,
  SpindleError,
  throwIfAborted,
  type ContributedTitle,
  type Contributor,
  type JobCompletedInput,
  type PluginSetup,
  type StageContext,
} from '@spindle/plugin-sdk';
import { discLayoutDraft } from './disc-layout.ts';
import { isNetworkSource, wireMatchSource } from './match-sources.ts';
import { titleFingerprint } from './title-fingerprint.ts';

export interface NetworkSettings {
  min_match_confidence: number;
}

export class FingerprintContributor implements Contributor {
  constructor(private readonly setup: PluginSetup<NetworkSettings>) {}

  async jobCompleted({ job, titles }: JobCompletedInput, ctx: StageContext): Promise<void> {
    throwIfAborted(ctx.signal);
    const network = ctx.fingerprintNetwork;
    if (!network) return ctx.logger.info('this Spindle offers no fingerprint network; nothing is contributed');
    if (ctx.setting('enable_fingerprint_contributions') === false) return;
    const identified = titles.filter((t) => t.match !== null && t.match.kind !== 'discarded');
    if (identified.length === 0) return;
    if (identified.every((t) => isNetworkSource(t.match!.source))) {
      return ctx.logger.info(`job ${job.id}: every identified title came from the network; not contributed back`);
    }
    if (job.catalogId === null) return ctx.logger.info(`job ${job.id} has no catalog id; nothing to contribute`);
    const discHash = contentHashToBase64(job.contentHash);

    const eligible = identified.filter((t) => this.fingerprintable(t));
    const fingerprinter = ctx.providers.get('fingerprinter');
    if (eligible.length > 0 && !fingerprinter)
      ctx.logger.warn(
        'no fingerprinter provider is configured (pipeline.providers.fingerprinter); only the disc layout is contributed',
      );
    let done = 0;
    for (const { title, match } of fingerprinter ? eligible : []) {
      throwIfAborted(ctx.signal);
      ctx.progress.report({ fraction: done / (eligible.length + 1), currentTitle: title.titleIndex });
      try {
        const encoded = await titleFingerprint(
          fingerprinter!,
          { filePath: title.filePath!, durationSeconds: title.durationSeconds },
          ctx.signal,
        );
        if (encoded) {
          await network.queueEpisode(
            {
              catalog_id: job.catalogId,
              season: match!.kind === 'episode' ? match!.season : null,
              episode: match!.kind === 'episode' ? match!.episode : null,
              fingerprint_b64: encoded.fingerprintB64,
              fingerprint_sha256_b64: encoded.sha256B64,
              disc_content_hash_b64: discHash,
              match_confidence: match!.confidence,
              match_source: wireMatchSource(match!.source)!,
            },
            { jobId: job.id, titleIndex: title.titleIndex },
          );
        }
      } catch (error) {
        if (ctx.signal.aborted || (SpindleError.is(error) && error.code === 'aborted')) throw error;
        ctx.logger.warn(`title ${title.titleIndex}: no fingerprint (${errorMessage(error)})`);
      }
      done++;
    }
    throwIfAborted(ctx.signal);
    const disc = discLayoutDraft(job, titles, discHash);
    if (disc) await network.queueDisc(disc, { jobId: job.id });
    ctx.progress.report({ fraction: 1 });
  }

  private fingerprintable({ title, match }: ContributedTitle): boolean {
    if (!match || !title.filePath || wireMatchSource(match.source) === null) return false;
    if (match.confidence < this.setup.settings.min_match_confidence) return false;
    if (match.kind === 'episode') return match.season !== null && match.episode !== null && match.episodeEnd === null;
    return match.kind === 'main_movie';
  }
}
