/**
 * Runs the real asr-subtitles matcher with real pocketsphinx over one disc of the degradation
 * corpus the way the pipeline does: the Play All is not ripped (the identifier's play_all role),
 * extras carry isExtra, two titles match at once, then the disc-wide pass decides what is
 * accepted and what waits for review. Transcripts are cached on disk by the WAV's content (and
 * the reference context), so a re-run after a scoring change costs no recognition, while any
 * change to the audio fed to the recognizer is heard afresh.
 */
import type { MatchResult, TitleView, TranscribeRequest, Transcriber, Transcript } from '@spindle/plugin-sdk';
import { createFakeContext, createStage } from '@spindle/plugin-sdk/testing';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideDisc, type DiscTitle } from '../../core/src/pipeline/steps/disc-assignment.ts';
import asrPlugin from '../../plugins/matcher-asr-subtitles/src/index.ts';
import { pluginSettings } from '../support/plugin-defaults.ts';
import { declaredSeasonJob, loadReferences } from './corpus-matching.ts';
import type { DegradedSeason, Truth, Variant } from './degraded-corpus.ts';

const pkg = (name: string) => fileURLToPath(new URL(`../../plugins/${name}/package.json`, import.meta.url));
export const AUTO_ACCEPT = 0.7;

/**
 * Remembers what the recognizer heard, in a JSON file, by (title file, chunk offset, audio
 * conditioning, reference context, model) — the same chunk of the same title heard the same way —
 * so a re-run after a scoring change costs no recognition; a change of conditioning is heard afresh.
 */
export class CachedTranscriber implements Transcriber {
  private cache: Record<string, string> | null = null;
  recognized = 0;
  constructor(
    private readonly inner: Transcriber,
    private readonly file = join(tmpdir(), 'spindle-degraded-corpus', 'transcripts-v1.json'),
  ) {}
  status() {
    return this.inner.status();
  }
  private async load(): Promise<Record<string, string>> {
    if (!this.cache)
      this.cache = existsSync(this.file)
        ? (JSON.parse(await readFile(this.file, 'utf8')) as Record<string, string>)
        : {};
    return this.cache;
  }
  /** A transcriber for one title: chunks are named by their offset (chunk-<offset×10>.wav). */
  forTitle(titleFile: string, conditioning: string): Transcriber {
    return {
      status: () => this.inner.status(),
      transcribe: async (request: TranscribeRequest): Promise<Transcript> => {
        const cache = await this.load();
        const chunk =
          /chunk-(\d+)\.wav$/.exec(request.wavPath)?.[1] ??
          createHash('sha1')
            .update(await readFile(request.wavPath))
            .digest('hex');
        const key = createHash('sha1')
          .update(`${titleFile}\0${chunk}\0${conditioning}\0${request.context?.id ?? ''}\0${this.inner.status().model}`)
          .digest('hex');
        const hit = cache[key];
        if (typeof hit === 'string') return { text: hit } as Transcript;
        const transcript = await this.inner.transcribe(request);
        this.recognized++;
        cache[key] = transcript.text;
        await mkdir(join(this.file, '..'), { recursive: true });
        await writeFile(`${this.file}.tmp`, JSON.stringify(cache));
        await rename(`${this.file}.tmp`, this.file);
        return transcript;
      },
    };
  }
  transcribe(request: TranscribeRequest): Promise<Transcript> {
    return this.inner.transcribe(request);
  }
}

export interface TitleOutcome {
  titleIndex: number;
  truth: Truth;
  result: MatchResult | null;
  /** What the disc-wide pass made of it. */
  state: 'matched' | 'review' | 'skipped';
  episode: number | null;
  confidence: number | null;
  /** What the recognizer heard, per chunk offset (for calibration fitting). */
  heard: { offset: number; text: string }[];
}

/** Records what one title's chunks were heard as (the chunk WAV is named by its offset). */
class Recording implements Transcriber {
  heard: { offset: number; text: string }[] = [];
  constructor(private readonly inner: Transcriber) {}
  status() {
    return this.inner.status();
  }
  async transcribe(request: TranscribeRequest): Promise<Transcript> {
    const t = await this.inner.transcribe(request);
    const m = /chunk-(\d+)\.wav$/.exec(request.wavPath);
    this.heard.push({ offset: m ? Number(m[1]) / 10 : -1, text: t.text });
    return t;
  }
}

export interface MatchOptions {
  concurrency?: number;
  /** The auto-accept threshold the matcher listens for (above 1: it hears every planned chunk). */
  listenFor?: number;
  /** Matcher settings over the plugin's defaults. */
  settings?: Record<string, unknown>;
}

export async function matchDisc(
  season: DegradedSeason,
  variant: Variant,
  transcriber: CachedTranscriber,
  options: MatchOptions = {},
): Promise<TitleOutcome[]> {
  const concurrency = options.concurrency ?? 2;
  const references = await loadReferences(season.srtDir, season.season);
  const settings = { ...pluginSettings(pkg('matcher-asr-subtitles')), ...options.settings };
  const matcher = await createStage(asrPlugin, 'matcher', 'asr-subtitles', { settings: settings as never });
  const ripped = season.titles.filter((t) => t.truth.kind !== 'play_all');
  const views: TitleView[] = ripped.map((t) => ({
    id: t.titleIndex + 1,
    titleIndex: t.titleIndex,
    durationSeconds: t.seconds,
    sizeBytes: 0,
    resolution: null,
    state: 'matching',
    filePath: t.files[variant],
    isExtra: t.truth.kind === 'extra',
  }));
  const label = `HARBOUR_LIGHTS_S${season.season}_D1`;
  const job = declaredSeasonJob(label, label, season.show, season.season);
  const results = new Map<number, MatchResult | null>();
  const heard = new Map<number, { offset: number; text: string }[]>();
  const queue = [...views];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let title = queue.shift(); title; title = queue.shift()) {
        const conditioning = String(settings.audio_conditioning ?? 'none');
        const recording = new Recording(transcriber.forTitle(title.filePath!, conditioning));
        const ctx = await createFakeContext({
          providers: { transcriber: [recording] },
          appSettings: { subtitle_language: 'en', match_auto_accept_threshold: options.listenFor ?? AUTO_ACCEPT },
        });
        results.set(
          title.titleIndex,
          await matcher.match({ job, title, siblings: views, previous: [], references }, ctx),
        );
        heard.set(title.titleIndex, recording.heard);
        await ctx.dispose();
      }
    }),
  );
  const disc: DiscTitle[] = views.map((v) => ({
    id: v.id,
    isExtra: v.isExtra,
    result: results.get(v.titleIndex) ?? null,
  }));
  const decided = decideDisc(disc, AUTO_ACCEPT);
  return ripped.map((t) => {
    const d = decided.get(t.titleIndex + 1)!;
    const r = d.result;
    return {
      titleIndex: t.titleIndex,
      truth: t.truth,
      result: r,
      state: d.state,
      episode: r && r.kind === 'episode' ? r.episode : null,
      confidence: r?.confidence ?? null,
      heard: heard.get(t.titleIndex) ?? [],
    };
  });
}

export interface Tally {
  episodes: number;
  autoRight: number;
  review: number;
  reviewRightOnTop: number;
  wrongAuto: number;
  noMatch: number;
  extras: number;
  extrasAccepted: number;
  extrasReview: number;
}

export function tallyOutcomes(outcomes: readonly TitleOutcome[]): Tally {
  const t: Tally = {
    episodes: 0,
    autoRight: 0,
    review: 0,
    reviewRightOnTop: 0,
    wrongAuto: 0,
    noMatch: 0,
    extras: 0,
    extrasAccepted: 0,
    extrasReview: 0,
  };
  for (const o of outcomes) {
    if (o.truth.kind === 'extra') {
      t.extras++;
      if (o.state === 'matched' && o.result?.kind === 'episode') t.extrasAccepted++;
      if (o.state === 'review') t.extrasReview++;
      continue;
    }
    if (o.truth.kind !== 'episode') continue;
    t.episodes++;
    const right = o.episode === o.truth.episode;
    if (o.state === 'matched') right ? t.autoRight++ : t.wrongAuto++;
    else if (o.result && o.result.kind === 'episode') {
      t.review++;
      if (right) t.reviewRightOnTop++;
    } else if (o.state === 'review') t.review++;
    else t.noMatch++;
  }
  return t;
}

/** Predicted confidence against how often the episode was right, in bins of 0.1. */
export function reliability(
  outcomes: readonly TitleOutcome[],
): { bin: string; n: number; predicted: number; observed: number }[] {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, sum: 0, right: 0 }));
  for (const o of outcomes) {
    if (o.truth.kind !== 'episode' || o.confidence === null) continue;
    const b = bins[Math.min(9, Math.floor(o.confidence * 10))]!;
    b.n++;
    b.sum += o.confidence;
    if (o.episode === o.truth.episode) b.right++;
  }
  return bins.flatMap((b, i) =>
    b.n
      ? [
          {
            bin: `${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}`,
            n: b.n,
            predicted: b.sum / b.n,
            observed: b.right / b.n,
          },
        ]
      : [],
  );
}
