/**
 * DEBUG step probes behind /api/test/*: run one step of the pipeline on given inputs and show
 * what it produced, without changing any job. For finding out why a title did not match.
 */
import { NotFoundError, SpindleError, type ProviderLookup } from '@spindle/plugin-sdk';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execa } from 'execa';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import { cleanCues, parseSrt } from '../subtitles/srt-parser.ts';
import type { SubtitleService } from '../subtitles/subtitle-service.ts';
import { toJobView, toTitleView } from './job-view.ts';
import type { PipelineRunner } from './pipeline-runner.ts';
import type { ConfigReader } from '../plugins/plugin-context-factory.ts';

export interface StepProbeDeps {
  providers: ProviderLookup;
  runner: PipelineRunner;
  jobs: JobRepository;
  titles: TitleRepository;
  subtitles: SubtitleService;
  /** Reads media_tool_path live (ffmpeg on PATH when unset). */
  config: ConfigReader;
}

export class StepProbes {
  constructor(private readonly deps: StepProbeDeps) {}

  async subtitles(query: {
    catalogId: number | null;
    title: string | null;
    season: number | null;
    episode: number | null;
    language: string;
  }) {
    const providers = this.deps.providers.all('subtitles');
    if (providers.length === 0)
      throw new SpindleError(
        'no_subtitle_provider',
        'No subtitle provider is configured (pipeline.providers.subtitles)',
        { category: 'subtitle', kind: 'conflict' },
      );
    const signal = AbortSignal.timeout(120_000);
    const results = [];
    for (const [i, provider] of providers.entries()) {
      try {
        const doc = await provider.fetch(query, signal);
        const cues = doc ? cleanCues(parseSrt(doc.srt)) : [];
        results.push({
          provider: i,
          found: doc !== null,
          origin: doc?.origin ?? null,
          cues: cues.length,
          preview: cues
            .slice(0, 5)
            .map((c) => c.text)
            .join(' ')
            .slice(0, 300),
          error: null,
        });
      } catch (error) {
        results.push({
          provider: i,
          found: false,
          origin: null,
          cues: 0,
          preview: '',
          error: SpindleError.is(error) ? `${error.code}: ${error.message}` : String(error),
        });
      }
    }
    return { results };
  }

  async transcribe(request: { path: string; offsetSeconds: number; seconds: number; language: string }) {
    const transcriber = this.deps.providers.get('transcriber');
    if (!transcriber)
      throw new SpindleError('no_transcriber', 'No speech recognizer is configured (pipeline.providers.transcriber)', {
        category: 'matching',
        kind: 'conflict',
      });
    const dir = await mkdtemp(join(tmpdir(), 'spindle-probe-'));
    try {
      const wav = join(dir, 'chunk.wav');
      const extract = await execa(
        this.deps.config.get().media_tool_path ?? 'ffmpeg',
        [
          '-v',
          'error',
          '-y',
          '-ss',
          String(request.offsetSeconds),
          '-t',
          String(request.seconds),
          '-i',
          request.path,
          '-vn',
          '-ac',
          '1',
          '-ar',
          '16000',
          '-f',
          'wav',
          wav,
        ],
        { reject: false },
      );
      if (extract.exitCode !== 0) {
        throw new SpindleError(
          'audio_extract_failed',
          `ffmpeg could not read ${request.path}: ${String(extract.stderr ?? extract.message)
            .trim()
            .slice(-300)}`,
          { category: 'matching', kind: 'invalid_input' },
        );
      }
      const started = Date.now();
      const transcript = await transcriber.transcribe({
        wavPath: wav,
        language: request.language,
        signal: AbortSignal.timeout(600_000),
      });
      return { text: transcript.text, model: transcript.model, elapsed_ms: Date.now() - started };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** Every configured matcher's answer for one title of a job (nothing is stored). */
  async match(jobId: number, titleId: number) {
    const job = await this.deps.jobs.get(jobId);
    if (!job) throw new NotFoundError('job_not_found', `Job ${jobId} does not exist`);
    const titles = await this.deps.titles.listByJob(jobId);
    const title = titles.find((t) => t.id === titleId);
    if (!title) throw new NotFoundError('title_not_found', `Title ${titleId} is not part of job ${jobId}`);
    const controller = new AbortController();
    const deps = this.deps.runner.stepDeps(controller.signal);
    const references = await this.deps.subtitles.references(job, controller.signal);
    const results = [];
    for (const matcher of deps.resolver.matchers()) {
      try {
        const result = await matcher.impl.match(
          {
            job: toJobView(job),
            title: toTitleView(title),
            siblings: titles.map(toTitleView),
            previous: [],
            references,
          },
          await deps.context(matcher.record, job, 'probe'),
        );
        results.push({ matcher: matcher.record.id, result, error: null });
      } catch (error) {
        results.push({
          matcher: matcher.record.id,
          result: null,
          error: SpindleError.is(error) ? `${error.code}: ${error.message}` : String(error),
        });
      }
    }
    return { references: references.length, results };
  }
}
