/**
 * DEBUG simulation: a job that moves through identifying → ripping → matching → organizing →
 * completed with fake titles and fake progress, paced by `rip_speed_multiplier`, without any
 * drive, plugin or file. They are the simulated stages: SimulatingStepSource hands them to the
 * normal pipeline runner for a simulated job, so cancel, restart, review gates, the state hooks and
 * broadcasting behave exactly as for a real job. Their paths (/simulated/…) exist nowhere, so
 * staging cleanup finds no folder and a library refresh finds nothing that received files.
 */
import { formatEpisodeCode, sleep, type MatchResult } from '@spindle/plugin-sdk';
import type { NewTitle } from '../persistence/records.ts';
import { stepTable, type StepTable } from '../pipeline/step-table.ts';
import type { StepDeps, StepOutcome } from '../pipeline/step-deps.ts';

/** Simulated seconds of ripping at multiplier 1. */
export const SIMULATED_RIP_SECONDS = 20;
const TICK_MS = 100;

export function fakeTitles(contentType: string): NewTitle[] {
  if (contentType === 'movie') {
    return [
      {
        titleIndex: 0,
        durationSeconds: 7260,
        sizeBytes: 31_000_000_000,
        resolution: '1080p',
        outputFilename: 'title_t00.mkv',
      },
      {
        titleIndex: 1,
        durationSeconds: 840,
        sizeBytes: 1_200_000_000,
        resolution: '1080p',
        outputFilename: 'title_t01.mkv',
        isExtra: true,
        role: 'extra',
      },
    ];
  }
  return Array.from({ length: 4 }, (_, i) => ({
    titleIndex: i,
    durationSeconds: 1320 + i * 17,
    sizeBytes: 1_900_000_000 + i * 10_000_000,
    resolution: '1080p',
    outputFilename: `title_t0${i}.mkv`,
  }));
}

export function createSimulatedSteps(multiplier: (jobId: number) => number): StepTable {
  const identify = async (job: Parameters<StepDeps['context']>[1], deps: StepDeps): Promise<StepOutcome> => {
    await sleep(300 / multiplier(job.id), deps.signal);
    await deps.jobService.replaceTitles(
      job.id,
      fakeTitles(job.contentType).map((t) => ({ ...t, state: 'pending', selected: true })),
    );
    const label = job.volumeLabel.replace(/[_-]+/g, ' ').trim();
    return {
      kind: 'next',
      patch: {
        detectedTitle: job.detectedTitle ?? label,
        detectedSeason: job.contentType === 'tv' ? (job.detectedSeason ?? 1) : null,
        classificationSource: 'heuristic',
        classificationConfidence: 0.85,
        catalogTitle: job.catalogTitle ?? label,
      },
    };
  };

  const rip = async (job: Parameters<StepDeps['context']>[1], deps: StepDeps): Promise<StepOutcome> => {
    const titles = await deps.titles.listByJob(job.id);
    const m = multiplier(job.id);
    const totalMs = (SIMULATED_RIP_SECONDS * 1000) / m;
    const ticks = Math.max(1, Math.round(totalMs / TICK_MS));
    // Titles a person left out (ask which titles to rip) stay as they are, as in a real rip.
    for (const title of titles)
      if (title.state === 'pending' && title.selected) await deps.jobService.updateTitle(title, { state: 'ripping' });
    for (let i = 1; i <= ticks; i++) {
      await sleep(totalMs / ticks, deps.signal);
      const fraction = i / ticks;
      await deps.jobService.progress(job.id, {
        percent: Math.round(fraction * 1000) / 10,
        speed: `${(2.5 * m).toFixed(1)}x`,
        etaSeconds: Math.round(((ticks - i) * totalMs) / ticks / 1000),
        currentTitle: titles[Math.min(titles.length - 1, Math.floor(fraction * titles.length))]?.titleIndex ?? null,
        totalTitles: titles.length,
      });
    }
    for (const title of await deps.titles.listByJob(job.id)) {
      if (title.state === 'ripping')
        await deps.jobService.updateTitle(title, {
          state: 'queued',
          filePath: `/simulated/job_${job.id}/${title.outputFilename}`,
        });
    }
    return { kind: 'next', patch: { stagingPath: `/simulated/job_${job.id}` } };
  };

  const match = async (job: Parameters<StepDeps['context']>[1], deps: StepDeps): Promise<StepOutcome> => {
    let episode = 1;
    for (const title of (await deps.titles.listByJob(job.id)).filter((t) => t.state === 'queued')) {
      const matching = await deps.jobService.updateTitle(title, { state: 'matching' });
      await sleep(100 / multiplier(job.id), deps.signal);
      const extra = title.isExtra;
      const result: MatchResult = {
        kind: extra ? 'extra' : job.contentType === 'movie' ? 'main_movie' : 'episode',
        season: job.contentType === 'tv' ? (job.detectedSeason ?? 1) : null,
        episode: job.contentType === 'tv' && !extra ? episode : null,
        episodeEnd: null,
        edition: null,
        confidence: 0.92,
        source: 'simulated',
        components: [{ name: 'simulated', value: 0.92, weight: 1, detail: 'DEBUG simulation' }],
        candidates: [],
      };
      await deps.jobService.updateTitle(matching, {
        state: 'matched',
        matchedEpisode: result.kind === 'episode' ? formatEpisodeCode(result.season ?? 1, episode++) : null,
        matchConfidence: result.confidence,
        matchSource: result.source,
        matchDetailsJson: JSON.stringify(result),
      });
    }
    return { kind: 'next' };
  };

  const organize = async (job: Parameters<StepDeps['context']>[1], deps: StepDeps): Promise<StepOutcome> => {
    const name = job.catalogTitle ?? job.volumeLabel;
    for (const title of (await deps.titles.listByJob(job.id)).filter((t) => t.state === 'matched')) {
      await sleep(50 / multiplier(job.id), deps.signal);
      const path =
        job.contentType === 'movie'
          ? `/simulated/Movies/${name}/${name}${title.isExtra ? ` - extra ${title.titleIndex}` : ''}.mkv`
          : `/simulated/TV/${name}/Season ${String(job.detectedSeason ?? 1).padStart(2, '0')}/${name} - ${title.matchedEpisode}.mkv`;
      await deps.jobService.updateTitle(title, { state: 'completed', organizedPath: path });
    }
    return {
      kind: 'next',
      patch: { libraryPath: job.contentType === 'movie' ? `/simulated/Movies/${name}` : `/simulated/TV/${name}` },
    };
  };

  return stepTable({ identifying: identify, ripping: rip, matching: match, organizing: organize });
}
