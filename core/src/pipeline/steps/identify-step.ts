/**
 * identifying: scan the source into titles, then ask the configured identifier chain what the
 * disc is. The first high-confidence answer wins; the others are kept as evidence. A declared
 * identity (the user said what it is) wins over every identifier.
 */
import { ConfigurationError, type Identification } from '@spindle/plugin-sdk';
import type { JobRecord, NewTitle } from '../../persistence/records.ts';
import { toJobView } from '../job-view.ts';
import type { StepDeps, StepOutcome } from '../step-deps.ts';

const HIGH_CONFIDENCE = 0.8;
const LOW_CONFIDENCE = 0.5;

export async function identifyStep(job: JobRecord, deps: StepDeps): Promise<StepOutcome> {
  const ripper = deps.resolver.ripperFor(job.sourceKind);
  if (!ripper) {
    throw new ConfigurationError(
      'no_ripper_configured',
      `No ripper is configured for ${job.sourceKind} sources; set pipeline.rippers.${job.sourceKind} in the configuration`,
    );
  }
  const scan = await ripper.impl.scan(toJobView(job).source, await deps.context(ripper.record, job, 'scan'));
  const titles: NewTitle[] = scan.titles.map((t) => ({
    titleIndex: t.index,
    durationSeconds: t.durationSeconds,
    sizeBytes: t.sizeBytes,
    resolution: t.resolution,
    sourceFile: t.sourceFile ?? null,
    outputFilename: t.outputFileName ?? null,
    state: 'pending',
    selected: true,
  }));
  const stored = await deps.titles.replaceForJob(job.id, titles);
  job = await deps.jobService.update(job.id, { contentHash: scan.contentHash ?? job.contentHash });

  const answers: Identification[] = [];
  let winner: Identification | null = null;
  for (const identifier of deps.resolver.identifiers()) {
    const answer = await identifier.impl.identify(
      { job: toJobView(job), scan, previous: [...answers] },
      await deps.context(identifier.record, job, 'identify'),
    );
    if (!answer) continue;
    answers.push(answer);
    if (answer.confidence >= HIGH_CONFIDENCE && !answer.reviewReason) {
      winner = answer;
      break;
    }
  }
  const best = winner ?? [...answers].sort((a, b) => b.confidence - a.confidence)[0] ?? null;

  // Title hints from every answer: titles nobody wants ripped (Play All, short clips) are skipped.
  for (const hint of answers.flatMap((a) => a.titleHints)) {
    const title = stored.find((t) => t.titleIndex === hint.titleIndex);
    if (title) await deps.titles.update(title.id, { role: hint.role, selected: title.selected && hint.rip, isExtra: hint.role === 'extra' });
  }

  const patch: Partial<JobRecord> = { identificationJson: JSON.stringify(answers) };
  if (best) {
    Object.assign(patch, {
      classificationSource: best.source,
      classificationConfidence: best.confidence,
      isAmbiguousMovie: best.ambiguousMovie,
      discLookupTitleSlug: best.discLookup?.titleSlug ?? null,
      discLookupDiscSlug: best.discLookup?.discSlug ?? null,
      discMappingsJson: best.discLookup ? JSON.stringify(best.discLookup.mappings) : job.discMappingsJson,
    });
    if (!job.identityDeclared) {
      Object.assign(patch, {
        contentType: best.contentType,
        detectedTitle: best.title ?? job.detectedTitle,
        detectedSeason: best.season ?? job.detectedSeason,
        detectedYear: best.year ?? job.detectedYear,
        discNumber: best.discNumber ?? job.discNumber,
        catalogId: best.catalogId ?? job.catalogId,
        catalogTitle: best.catalogTitle ?? job.catalogTitle,
      });
    }
  }
  if (job.identityDeclared) return { kind: 'next', patch };
  if (!best) return { kind: 'review', reason: 'No identifier could tell what this disc is; say what it is to continue', resumeAt: 'ripping', patch };
  if (best.reviewReason) return { kind: 'review', reason: best.reviewReason, resumeAt: 'ripping', patch };
  if (best.ambiguousMovie) {
    return { kind: 'review', reason: 'Several titles could be the main feature; choose the main feature and edition', resumeAt: 'ripping', patch };
  }
  if (best.confidence < LOW_CONFIDENCE) {
    const pct = Math.round(best.confidence * 100);
    return { kind: 'review', reason: `Identification confidence is low (${pct}%, ${best.source}); confirm what this disc is`, resumeAt: 'ripping', patch };
  }
  return { kind: 'next', patch };
}
