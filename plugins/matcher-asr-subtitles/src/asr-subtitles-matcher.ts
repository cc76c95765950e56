/**
 * The asr-subtitles matcher: listens to a TV title in 30-second chunks, compares what is said with
 * every candidate episode's subtitles, and stops as soon as the answer is clear.
 */
import {
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
import { transcribeChunk } from './audio-chunks.ts';
import { chunkOffsets } from './chunk-plan.ts';
import { decide, tally, toCandidate, type ChunkResult } from './confidence.ts';
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
      throw new SpindleError('no_transcriber', 'No speech recognizer is configured (pipeline.providers.transcriber)', { category: 'matching' });
    }
    const s = this.setup.settings;
    const contextId = createHash('sha1').update(references.map((r) => `${r.season}x${r.episode}:${r.text}`).join('\n')).digest('hex').slice(0, 16);
    const index = this.indexFor(contextId, references, s.window_seconds);
    const context = { id: contextId, text: references.map((r) => r.text).join('\n') };
    const language = typeof ctx.setting('subtitle_language') === 'string' ? (ctx.setting('subtitle_language') as string) : 'en';

    const offsets = chunkOffsets(input.title.durationSeconds, s);
    const chunks: ChunkResult[] = [];
    for (const [i, offset] of offsets.entries()) {
      throwIfAborted(ctx.signal);
      ctx.progress.report({ fraction: i / offsets.length, currentTitle: input.title.titleIndex });
      const text = await transcribeChunk({ filePath: input.title.filePath, offset, seconds: s.chunk_seconds, language, context }, transcriber, ctx);
      const words = text.split(/\s+/).filter(Boolean).length;
      chunks.push({ offset, words, scores: words >= s.min_transcript_words ? index.score(text) : [] });
      if (this.clear(chunks, offsets.length)) break;
    }
    ctx.progress.report({ fraction: 1, currentTitle: input.title.titleIndex });

    const episodes = input.siblings.filter((t) => t.durationSeconds >= MIN_EPISODE_SECONDS && !t.isExtra).sort((a, b) => a.titleIndex - b.titleIndex);
    const decision = decide({
      chunks,
      planned: offsets.length,
      references,
      titleDurationSeconds: input.title.durationSeconds,
      discPosition: { index: Math.max(0, episodes.findIndex((t) => t.id === input.title.id)), count: episodes.length },
      weights: s.weights,
      voteMargin: s.vote_margin,
      minSimilarity: s.min_similarity,
    });
    if (!decision) return null;
    const winner: ReferenceSubtitle = references[decision.reference]!;
    return {
      kind: 'episode',
      season: winner.season,
      episode: winner.episode,
      episodeEnd: null,
      edition: null,
      confidence: Math.round(decision.confidence * 1000) / 1000,
      source: 'local_asr',
      components: decision.components,
      candidates: decision.candidates.map((c) => toCandidate(references[c.reference]!, Math.round(c.score * 1000) / 1000)),
    };
  }

  /** Early stop: enough chunks heard and the vote cannot change any more. */
  private clear(chunks: readonly ChunkResult[], planned: number): boolean {
    const s = this.setup.settings;
    if (chunks.length < s.min_chunks) return false;
    const votes = [...tally(chunks, s.vote_margin, s.min_similarity).values()].sort((a, b) => b - a);
    const leader = votes[0] ?? 0;
    const others = votes.slice(1).reduce((a, b) => a + b, 0);
    const remaining = planned - chunks.length;
    return (leader >= s.early_stop_votes && others === 0) || leader - (votes[1] ?? 0) > remaining;
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
