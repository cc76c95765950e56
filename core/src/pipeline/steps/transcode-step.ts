/**
 * ripping, second half: when `transcoding_enabled` and a transcoder is configured
 * (`pipeline.providers.transcoder`), each ripped title is re-encoded after the rip, with progress,
 * speed and ETA on the job. The job stays in `ripping` (the spec's states are unchanged).
 *
 * A title's file is switched to the transcode only once the transcoder verified it (duration and
 * streams); then the original rip is deleted. A failed transcode keeps the original, says why on
 * the job's timeline, and the job goes on with the original: a rip that is good but larger is
 * worth more than a failed job (ADR 0007). Cancel and shutdown still stop the job.
 */
import { errorMessage } from '@spindle/plugin-sdk';
import { rm, stat, utimes } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { JobRecord, TitleRecord } from '../../persistence/records.ts';
import { createJobProgress } from '../job-progress.ts';
import type { Step, StepDeps } from '../step-deps.ts';
import { ripStep } from './rip-step.ts';

/** Marks a file as the transcode of a rip, so a resumed job does not encode it twice. */
export const TRANSCODED_SUFFIX = '.transcoded.mkv';

export function transcodedPath(filePath: string): string {
  return join(dirname(filePath), `${basename(filePath, extname(filePath))}${TRANSCODED_SUFFIX}`);
}

const message = (error: unknown) => errorMessage(error); // a SpindleError from any copy of the SDK included
const size = (bytes: number) =>
  bytes >= 1e9
    ? `${(bytes / 1e9).toFixed(2)} GB`
    : bytes >= 1e6
      ? `${(bytes / 1e6).toFixed(1)} MB`
      : `${(bytes / 1e3).toFixed(1)} kB`;

export const ripAndTranscodeStep: Step = async (job, deps) => {
  const outcome = await ripStep(job, deps);
  if (outcome.kind === 'next') await transcodeTitles(job, deps);
  return outcome;
};

export async function transcodeTitles(job: JobRecord, deps: StepDeps): Promise<void> {
  if (!deps.config.get().transcoding_enabled) return;
  const note = (text: string) => deps.jobs.note(job.id, 'ripping', text);
  const transcoder = deps.resolver.providers('transcoder')[0];
  if (!transcoder) {
    deps.logger.warn(`job ${job.id}: transcoding_enabled is on but no transcoder is configured`);
    await note(
      'transcoding skipped: “Transcode after ripping” is on but no transcoder is chosen (Settings → Advanced → Stages)',
    );
    return;
  }
  const titles = (await deps.titles.listByJob(job.id)).filter(
    (t) => t.selected && t.state === 'queued' && t.filePath && !t.filePath.endsWith(TRANSCODED_SUFFIX),
  );
  if (titles.length === 0) return;
  await note(`transcoding ${titles.length} title(s): ${transcoder.impl.status().description}`);

  const total = titles.reduce((sum, t) => sum + Math.max(1, t.durationSeconds), 0);
  const progress = createJobProgress(deps, job.id, titles.length);
  let done = 0;
  for (const title of titles) {
    const weight = Math.max(1, title.durationSeconds);
    const input = title.filePath!;
    const output = transcodedPath(input);
    try {
      const result = await transcoder.impl.transcode({
        input,
        output,
        signal: deps.signal,
        onProgress: (u) =>
          progress.report({
            fraction: (done + weight * Math.min(1, Math.max(0, u.fraction))) / total,
            speed: u.speed ?? null,
            // Time left in this title plus the media time of the titles after it, at this speed.
            etaSeconds: u.speed ? (total - done - weight * u.fraction) / u.speed : null,
            currentTitle: title.titleIndex,
          }),
      });
      await switchToTranscode(job, title, input, output, result.sizeBytes, deps);
      // Spindle's own rip is replaced by its verified transcode; a person's file (a folder import) is theirs and stays.
      let fate = '; your original is kept';
      if (job.sourceKind !== 'folder') {
        fate = '; original deleted';
        await rm(input).catch((error: unknown) => {
          fate = '; the original could not be deleted';
          deps.logger.warn(`job ${job.id}: could not delete ${input}`, { error: message(error) });
        });
      }
      await note(
        `title ${title.titleIndex}: transcoded with ${result.encoder} (${size(title.sizeBytes)} → ${size(result.sizeBytes)}, ${result.speed.toFixed(1)}x), verified${fate}`,
      );
    } catch (error) {
      if (deps.signal.aborted) throw error;
      deps.logger.warn(`job ${job.id}: transcoding title ${title.titleIndex} failed; keeping the original`, {
        error: message(error),
      });
      await note(`title ${title.titleIndex}: transcoding failed, the original rip is kept — ${message(error)}`);
    }
    done += weight;
  }
  await progress.flush();
}

/**
 * Points the title at the verified transcode. A folder source's title keeps its source file (the
 * person's original, still in the folder); the transcode beside it is Spindle's own file, claimed
 * by the title's file path, so it is neither a "late file" nor anyone else's.
 */
async function switchToTranscode(
  job: JobRecord,
  title: TitleRecord,
  input: string,
  output: string,
  sizeBytes: number,
  deps: StepDeps,
): Promise<void> {
  if (job.sourceKind === 'folder') {
    // Keep the rip's time on the transcode: the folder still holds "the same" title for the staging watcher.
    const { mtime } = await stat(input);
    await utimes(output, new Date(), mtime);
  }
  await deps.jobService.updateTitle(title, { filePath: output, sizeBytes });
}
