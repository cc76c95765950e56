/**
 * The asr-subtitles matcher: listens to a TV title in 30-second chunks, compares what is said with
 * every candidate episode's subtitles, and keeps listening until the calibrated confidence is at
 * the auto-accept threshold or the planned chunks are spent (issue 23: "listen until sure").
 * A title the identifier calls an extra is only asked "is this actually an episode?", with a
 * higher bar; otherwise it is answered as an extra (the extras policy decides, not a reviewer).
 */
import {
  extraMatchResult,
  roundScore,
  SpindleError,
  throwIfAborted,
  type MatchInput,
  type MatchResult,
  type Matcher,
  type PluginSetup,
  type ReferenceSubtitle,
  type StageContext,
} from '@spindle/plugin-sdk';
import { createHash } from 'node:crypto';
import { TitleChunks } from './audio-chunks.ts';
import { chunkOffsets } from './chunk-plan.ts';
import { decide, toCandidate, type Decision } from './confidence.ts';
import { alignChunks, type HeardChunk } from './cue-alignment.ts';
import type { AsrMatcherSettings } from './settings.ts';
import { TfidfIndex } from './tfidf-index.ts';

/** Titles shorter than this are not episodes (menus, logos, trailers). */
const MIN_EPISODE_SECONDS = 60;

export class AsrSubtitlesMatcher implements Matcher {
  private readonly indexes = new Map<string, TfidfIndex>();

  constructor(private readonly setup: PluginSetup<AsrMatcherSettings>) {}

  async match(input: MatchInput, ctx: StageContext): Promise<MatchResult | null> {
    throwIfAborted(ctx.signal);
    const references = (input.references ?? []).filter((r) => r.episode !== null && r.text.length > 0);
    if (input.job.contentType !== 'tv' || references.length === 0 || !input.title.filePath) return null;
    if (input.title.durationSeconds < MIN_EPISODE_SECONDS) return null;
    const transcriber = ctx.providers.get('transcriber');
    if (!transcriber) {
      throw new SpindleError('no_transcriber', 'No speech recognizer is configured (pipeline.providers.transcriber)', {
        category: 'matching',
      });
    }
    const s = this.setup.settings;
    const contextId = createHash('sha1')
      .update(references.map((r) => `${r.season}x${r.episode}:${r.text}`).join('\n'))
      .digest('hex')
      .slice(0, 16);
    const index = this.indexFor(contextId, references, s.window_seconds);
    const context = { id: contextId, text: references.map((r) => r.text).join('\n') };
    const language =
      typeof ctx.setting('subtitle_language') === 'string' ? (ctx.setting('subtitle_language') as string) : 'en';

    const threshold =
      typeof ctx.setting('match_auto_accept_threshold') === 'number'
        ? (ctx.setting('match_auto_accept_threshold') as number)
        : 0.7;
    const extra = input.title.isExtra;
    const bar = extra ? Math.max(threshold, s.extra_episode_confidence) : threshold;

    const episodes = input.siblings
      .filter((t) => t.durationSeconds >= MIN_EPISODE_SECONDS && !t.isExtra)
      .sort((a, b) => a.titleIndex - b.titleIndex);
    const judge = (heard: readonly HeardChunk[], planned: number): Decision | null => {
      const { chunks, alignment } = alignChunks(index, heard, s.chunk_seconds);
      return decide({
        chunks,
        alignment,
        planned,
        references,
        titleDurationSeconds: input.title.durationSeconds,
        discPosition: {
          index: Math.max(
            0,
            episodes.findIndex((t) => t.id === input.title.id),
          ),
          count: episodes.length,
        },
        weights: s.weights,
        voteMargin: s.vote_margin,
        minSimilarity: s.min_similarity,
      });
    };

    const offsets = chunkOffsets(input.title.durationSeconds, s);
    const source = new TitleChunks(
      {
        filePath: input.title.filePath,
        offsets,
        seconds: s.chunk_seconds,
        language,
        context,
        conditioning: s.audio_conditioning,
      },
      transcriber,
      ctx,
    );
    const chunks: HeardChunk[] = [];
    let decision: Decision | null = null;
    try {
      await source.prepare();
      for (const [i, offset] of offsets.entries()) {
        throwIfAborted(ctx.signal);
        ctx.progress.report({ fraction: i / offsets.length, currentTitle: input.title.titleIndex });
        const text = await source.text(offset);
        const words = text.split(/\s+/).filter(Boolean).length;
        chunks.push({ offset, words, text, scores: words >= s.min_transcript_words ? index.score(text) : [] });
        if (chunks.length < s.min_chunks) continue;
        decision = judge(chunks, offsets.length);
        // Sure: stop. An extra nobody's dialogue claims after the minimum: it is what it was said to be.
        if (decision && decision.confidence >= bar) break;
        if (extra && (!decision || decision.votes.size === 0)) break;
      }
    } finally {
      await source.dispose();
    }
    ctx.progress.report({ fraction: 1, currentTitle: input.title.titleIndex });
    decision = judge(chunks, offsets.length);
    if (extra && (!decision || decision.confidence < bar)) return extraResult(decision);
    if (!decision) return null;
    const winner: ReferenceSubtitle = references[decision.reference]!;
    return {
      kind: 'episode',
      season: winner.season,
      episode: winner.episode,
      episodeEnd: null,
      edition: null,
      confidence: roundScore(decision.confidence),
      source: 'local_asr',
      components: decision.components,
      candidates: decision.candidates.map((c) => toCandidate(references[c.reference]!, roundScore(c.score))),
    };
  }

  private indexFor(id: string, references: readonly ReferenceSubtitle[], windowSeconds: number): TfidfIndex {
    let index = this.indexes.get(id);
    if (!index) {
      index = new TfidfIndex(references, windowSeconds);
      this.indexes.set(id, index);
      if (this.indexes.size > 8) this.indexes.delete(this.indexes.keys().next().value!);
    }
    return index;
  }
}

/** An extra stays an extra: as sure as the episode evidence is weak; the extras policy decides the rest. */
function extraResult(decision: Decision | null): MatchResult {
  const episode = decision?.confidence ?? 0;
  return extraMatchResult({
    evidence: episode,
    source: 'local_asr',
    detail: 'the identifier or disc layout calls this title an extra',
    moreComponents: [
      {
        name: 'episode_evidence',
        value: roundScore(episode),
        weight: 0,
        detail: 'how strongly its speech matched an episode (below the bar for extras)',
      },
    ],
  });
}
