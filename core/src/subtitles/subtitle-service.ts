/**
 * Reference subtitles for a job: downloaded in the background as soon as the show and season are
 * known (during ripping), tracked on the job (`subtitle_status`, counts, `subtitle_event`), cached
 * per show/season, and handed to the matchers as cleaned references once ready. A spent quota is
 * said plainly; uploaded SRT files fill the gaps.
 */
import {
  errorMessage,
  SpindleError,
  type Logger,
  type ProviderLookup,
  type ReferenceSubtitle,
} from '@spindle/plugin-sdk';
import type { EventBus } from '../events/event-bus.ts';
import type { JobService } from '../jobs/job-service.ts';
import type { JobRecord } from '../persistence/records.ts';
import { cleanCues, parseSrt } from './srt-parser.ts';
import { showKeyOf, SubtitleCache } from './subtitle-cache.ts';

export type SubtitleStatus = 'not_needed' | 'downloading' | 'ready' | 'partial' | 'quota_exhausted' | 'unavailable';

interface EpisodeInfo {
  episode: number;
  name: string | null;
  runtimeMinutes: number | null;
}

export interface SubtitleServiceDeps {
  /** The writer of job rows (so each change is announced). */
  jobs: Pick<JobService, 'update'>;
  bus: EventBus;
  providers: ProviderLookup;
  cache: SubtitleCache;
  logger: Logger;
  language: () => string;
}

export class SubtitleService {
  private readonly tasks = new Map<number, Promise<void>>();
  private readonly episodeInfo = new Map<number, EpisodeInfo[]>();
  /** The most telling provider problem of each job's last download (a missing key, a spent quota). */
  private readonly problems = new Map<number, string>();

  constructor(private readonly deps: SubtitleServiceDeps) {}

  /** Whether a job needs reference subtitles at all (a TV job with a known season and show). */
  needs(job: JobRecord): boolean {
    return job.contentType === 'tv' && job.detectedSeason !== null && showKeyOf(this.show(job)) !== null;
  }

  /** Starts the background download for a job (once); cheap to call again. */
  start(job: JobRecord): void {
    if (!this.needs(job) || this.tasks.has(job.id)) return;
    const task = this.download(job).catch((error: unknown) => {
      this.deps.logger.warn(`subtitle download for job ${job.id} failed`, { error: errorMessage(error) });
    });
    this.tasks.set(job.id, task);
    void task.finally(() => this.tasks.delete(job.id));
  }

  /** Waits for the download (starting it if needed) and returns the cleaned references. */
  async references(job: JobRecord, signal: AbortSignal): Promise<ReferenceSubtitle[]> {
    if (!this.needs(job)) return [];
    this.start(job);
    const task = this.tasks.get(job.id);
    if (task) {
      await new Promise<void>((resolve, reject) => {
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        void task.then(resolve);
      });
    }
    return this.load(job);
  }

  /** Why subtitles are missing for a job, in words for its review reason; null when nothing went wrong. */
  problem(jobId: number): string | null {
    return this.problems.get(jobId) ?? null;
  }

  /** Stores user-provided SRT files for the job's show and season; returns the job's new counts. */
  async upload(job: JobRecord, files: { season: number; episode: number; srt: string }[]): Promise<JobRecord> {
    const key = showKeyOf(this.show(job));
    if (!key)
      throw new SpindleError('subtitle_show_unknown', `Job ${job.id} has no show yet; say what the disc is first`, {
        category: 'subtitle',
        kind: 'conflict',
      });
    for (const file of files) {
      if (cleanCues(parseSrt(file.srt)).length === 0) {
        throw new SpindleError(
          'subtitle_invalid',
          `The file for S${file.season}E${file.episode} has no subtitle cues`,
          { category: 'subtitle', kind: 'invalid_input' },
        );
      }
    }
    for (const file of files) await this.deps.cache.write(key, file.season, file.episode, file.srt);
    return this.recount(job, 'ready');
  }

  private show(job: JobRecord) {
    return { catalogId: job.catalogId, title: job.catalogTitle ?? job.detectedTitle };
  }

  private async episodes(job: JobRecord, signal: AbortSignal): Promise<EpisodeInfo[]> {
    const season = job.detectedSeason!;
    const catalog = this.deps.providers.get('catalog');
    if (catalog && job.catalogId !== null) {
      try {
        const found = await catalog.getSeason(job.catalogId, season);
        if (found && found.episodes.length > 0)
          return found.episodes.map((e) => ({ episode: e.episode, name: e.name, runtimeMinutes: e.runtimeMinutes }));
      } catch (error) {
        this.deps.logger.warn(`catalog season lookup failed for job ${job.id}`, { error: errorMessage(error) });
      }
    }
    const numbers = new Set<number>(await this.deps.cache.episodes(showKeyOf(this.show(job))!, season));
    for (const provider of this.deps.providers.all('subtitles')) {
      if (!provider.available) continue;
      try {
        const refs = await provider.available(
          { ...this.show(job), season, episode: null, language: this.deps.language() },
          signal,
        );
        for (const r of refs) if (r.season === season) numbers.add(r.episode);
      } catch (error) {
        const message = errorMessage(error);
        this.deps.logger.warn(`a subtitle provider could not list season ${season}`, { error: message });
        // Said in the review reason: "none were found" would be wrong when the source could not be asked.
        // (A source that is simply not set up is no failure: the reason already says to add one.)
        const notSetUp = SpindleError.is(error) && error.code === 'subtitle_not_configured';
        if (!notSetUp && !this.problems.has(job.id))
          this.problems.set(job.id, `a subtitle source could not list season ${season}: ${message}`);
      }
    }
    return [...numbers].sort((a, b) => a - b).map((episode) => ({ episode, name: null, runtimeMinutes: null }));
  }

  private async download(job: JobRecord): Promise<void> {
    const signal = new AbortController().signal;
    const key = showKeyOf(this.show(job))!;
    const season = job.detectedSeason!;
    await this.update(job.id, { subtitleStatus: 'downloading' });
    this.problems.delete(job.id);
    const episodes = await this.episodes(job, signal);
    this.episodeInfo.set(job.id, episodes);
    let quotaSpent = false;
    let downloaded = 0;
    const providers = this.deps.providers.all('subtitles');
    const disabled = new Set<number>();
    let failed = 0;
    await this.update(job.id, { subtitlesTotal: episodes.length, subtitlesDownloaded: 0, subtitlesFailed: 0 });
    for (const { episode } of episodes) {
      if (await this.deps.cache.read(key, season, episode)) {
        downloaded++;
      } else {
        let got = false;
        for (const [p, provider] of providers.entries()) {
          if (disabled.has(p)) continue;
          try {
            const doc = await provider.fetch(
              { ...this.show(job), season, episode, language: this.deps.language() },
              signal,
            );
            if (doc && cleanCues(parseSrt(doc.srt)).length > 0) {
              await this.deps.cache.write(key, season, episode, doc.srt);
              got = true;
              break;
            }
          } catch (error) {
            const message = errorMessage(error);
            if (
              SpindleError.is(error) &&
              ['quota_exhausted', 'subtitle_not_configured', 'subtitle_auth_failed'].includes(error.code)
            ) {
              // Asking again for the next episode would only fail the same way.
              if (error.code === 'quota_exhausted') quotaSpent = true;
              disabled.add(p);
              this.problems.set(job.id, message);
              this.deps.logger.warn(`subtitle source ${p + 1} skipped for job ${job.id}: ${message}`);
            } else {
              this.deps.logger.warn(`subtitle fetch failed for S${season}E${episode}`, { error: message });
              if (!this.problems.has(job.id)) this.problems.set(job.id, `the subtitle download failed: ${message}`);
            }
          }
        }
        if (got) downloaded++;
        else failed++;
      }
      await this.update(job.id, { subtitlesDownloaded: downloaded, subtitlesFailed: failed });
    }
    const status: SubtitleStatus =
      episodes.length === 0
        ? 'unavailable'
        : failed === 0
          ? 'ready'
          : quotaSpent
            ? 'quota_exhausted'
            : downloaded === 0
              ? 'unavailable'
              : 'partial';
    await this.update(job.id, { subtitleStatus: status });
  }

  private async load(job: JobRecord): Promise<ReferenceSubtitle[]> {
    const key = showKeyOf(this.show(job))!;
    const season = job.detectedSeason!;
    const info = new Map((this.episodeInfo.get(job.id) ?? []).map((e) => [e.episode, e]));
    const references: ReferenceSubtitle[] = [];
    for (const episode of await this.deps.cache.episodes(key, season)) {
      const srt = await this.deps.cache.read(key, season, episode);
      const cues = srt ? cleanCues(parseSrt(srt)) : [];
      if (cues.length === 0) continue;
      references.push({
        season,
        episode,
        name: info.get(episode)?.name ?? null,
        runtimeMinutes: info.get(episode)?.runtimeMinutes ?? null,
        text: cues.map((c) => c.text).join(' '),
        cues,
      });
    }
    return references;
  }

  private async recount(job: JobRecord, status: SubtitleStatus): Promise<JobRecord> {
    const cached = await this.deps.cache.episodes(showKeyOf(this.show(job))!, job.detectedSeason ?? 0);
    const total = Math.max(job.subtitlesTotal, cached.length);
    return this.update(job.id, {
      subtitlesDownloaded: cached.length,
      subtitlesTotal: total,
      subtitlesFailed: Math.max(0, total - cached.length),
      subtitleStatus: cached.length >= total ? status : 'partial',
    });
  }

  private async update(jobId: number, patch: Partial<JobRecord>): Promise<JobRecord> {
    const job = await this.deps.jobs.update(jobId, patch);
    this.deps.bus.emit('subtitles.changed', {
      jobId,
      status: job.subtitleStatus ?? 'downloading',
      downloaded: job.subtitlesDownloaded,
      total: job.subtitlesTotal,
      failed: job.subtitlesFailed,
    });
    return job;
  }
}
