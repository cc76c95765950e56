/**
 * The chunks of one title the matcher may listen to. Every planned chunk whose transcript is not
 * cached is decoded in ONE ffmpeg pass (the title is read once, from the first chunk to the end of
 * the last), downmixed to 16 kHz mono and conditioned for the recognizer; then chunks are
 * transcribed one at a time, as the matcher asks, so early stopping still saves recognition.
 * Transcripts are cached by (file identity, offset, length, model, reference context,
 * conditioning) in the plugin's store, so a re-run costs nothing.
 */
import { SpindleError, type StageContext, type Transcriber } from '@spindle/plugin-sdk';
import { createHash } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the recognizer hears (issue 23 item 6, chosen by measurement — see the plugin README):
 * `none` as decoded; `noise_floor` adds a −50 dBFS noise floor so digital silence between lines
 * does not derail the recognizer; `normalize` evens out the level (dynaudnorm); both together.
 */
export type Conditioning = 'none' | 'noise_floor' | 'normalize' | 'normalize_noise_floor';

const NOISE_FLOOR = "aeval=exprs='val(0)+0.00316*(2*random(0)-1)'";
const NORMALIZE = 'dynaudnorm=f=250:g=15:m=10';

export function conditioningFilter(c: Conditioning): string | null {
  switch (c) {
    case 'noise_floor':
      return NOISE_FLOOR;
    case 'normalize':
      return NORMALIZE;
    case 'normalize_noise_floor':
      return `${NORMALIZE},${NOISE_FLOOR}`;
    default:
      return null;
  }
}

export interface ChunkPlan {
  filePath: string;
  offsets: readonly number[];
  seconds: number;
  language: string;
  context: { id: string; text: string };
  conditioning: Conditioning;
}

async function fileIdentity(path: string): Promise<string> {
  const info = await stat(path);
  return createHash('sha1').update(`${path}\0${info.size}\0${info.mtimeMs}`).digest('hex').slice(0, 16);
}

function ffmpegPath(ctx: StageContext): string {
  const configured = ctx.setting('media_tool_path');
  return typeof configured === 'string' && configured ? configured : 'ffmpeg';
}

const wavName = (offset: number) => `chunk-${Math.round(offset * 10)}.wav`;

export class TitleChunks {
  private readonly decoded = new Set<number>();
  private keys = new Map<number, string>();

  constructor(
    private readonly plan: ChunkPlan,
    private readonly transcriber: Transcriber,
    private readonly ctx: StageContext,
  ) {}

  private async key(offset: number): Promise<string> {
    let key = this.keys.get(offset);
    if (!key) {
      const { model } = this.transcriber.status();
      const variant = this.plan.conditioning === 'none' ? '' : `\0${this.plan.conditioning}`;
      key = `transcript:${await fileIdentity(this.plan.filePath)}:${offset}:${this.plan.seconds}:${createHash('sha1').update(`${model}\0${this.plan.context.id}${variant}`).digest('hex').slice(0, 12)}`;
      this.keys.set(offset, key);
    }
    return key;
  }

  /** Decodes every planned chunk that has no cached transcript, in one ffmpeg pass. */
  async prepare(): Promise<void> {
    const missing: number[] = [];
    for (const offset of this.plan.offsets)
      if (typeof (await this.ctx.store.get<string>(await this.key(offset))) !== 'string') missing.push(offset);
    if (missing.length === 0) return;
    const from = Math.min(...missing);
    const to = Math.max(...missing) + this.plan.seconds;
    const condition = conditioningFilter(this.plan.conditioning);
    const graph = [
      `[0:a:0]aformat=sample_fmts=flt:channel_layouts=mono,aresample=16000,asplit=${missing.length}${missing.map((_, i) => `[s${i}]`).join('')}`,
    ];
    const outputs: string[] = [];
    missing.forEach((offset, i) => {
      graph.push(
        `[s${i}]atrim=start=${(offset - from).toFixed(3)}:duration=${this.plan.seconds},asetpts=PTS-STARTPTS${condition ? `,${condition}` : ''}[o${i}]`,
      );
      outputs.push('-map', `[o${i}]`, '-c:a', 'pcm_s16le', '-f', 'wav', join(this.ctx.workDir, wavName(offset)));
    });
    const extract = await this.ctx.processes
      .run(ffmpegPath(this.ctx), [
        '-v',
        'error',
        '-y',
        '-ss',
        String(from),
        '-t',
        String(to - from),
        '-i',
        this.plan.filePath,
        '-filter_complex',
        graph.join(';'),
        ...outputs,
      ])
      .catch((error: unknown) => {
        if (SpindleError.is(error) && (error.code === 'process_not_found' || error.code === 'process_start_failed')) {
          const where = ffmpegPath(this.ctx);
          throw new SpindleError(
            'media_tool_missing',
            `ffmpeg could not be started (${where}): install ffmpeg or correct media_tool_path in the settings`,
            { category: 'matching', cause: error },
          );
        }
        throw error;
      });
    if (extract.aborted) throw new SpindleError('aborted', 'Matching was cancelled', { category: 'matching' });
    if (extract.exitCode !== 0) {
      throw new SpindleError(
        'audio_extract_failed',
        `ffmpeg could not read the audio at ${from}s: ${extract.stderr.trim().slice(-200)}`,
        { category: 'matching' },
      );
    }
    for (const offset of missing) this.decoded.add(offset);
  }

  /** The transcript of the chunk at `offset` (one of the planned offsets). */
  async text(offset: number): Promise<string> {
    const key = await this.key(offset);
    const cached = await this.ctx.store.get<string>(key);
    if (typeof cached === 'string') return cached;
    if (!this.decoded.has(offset)) await this.prepare();
    const wav = join(this.ctx.workDir, wavName(offset));
    try {
      const transcript = await this.transcriber.transcribe({
        wavPath: wav,
        language: this.plan.language,
        signal: this.ctx.signal,
        context: this.plan.context,
      });
      await this.ctx.store.set(key, transcript.text);
      return transcript.text;
    } finally {
      this.decoded.delete(offset);
      await rm(wav, { force: true });
    }
  }

  /** Removes decoded chunks that were never transcribed (an early stop). */
  async dispose(): Promise<void> {
    await Promise.all([...this.decoded].map((offset) => rm(join(this.ctx.workDir, wavName(offset)), { force: true })));
    this.decoded.clear();
  }
}
