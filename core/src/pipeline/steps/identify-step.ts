/**
 * identifying: scan the source into titles, then ask the configured identifier chain what the
 * disc is. The first high-confidence answer wins; the others are kept as evidence. A declared
 * identity (the user said what it is) wins over every identifier. An identifier that throws is
 * skipped (the failure is logged and named in a review reason); `decideIdentification` says what
 * the answers mean for the job. Which titles are ripped comes from the answers' title hints; a
 * winner without any borrows them from a later identifier of the chain. Titles a person chose to
 * rip or leave out before (see rip-choices.ts) keep that choice.
 */
import {
  ConfigurationError,
  errorMessage,
  SpindleError,
  type DiscScan,
  type Identification,
} from '@spindle/plugin-sdk';
import { deciderFor, hintDiscard, nothingFiledReason } from '../../jobs/title-accounting.ts';
import { parseFileList } from '../../intake/late-files.ts';
import type { JobRecord, NewTitle } from '../../persistence/records.ts';
import { decideIdentification, HIGH_CONFIDENCE } from '../identification-verdict.ts';
import { ripChoicePatch, ripChoicesOf } from '../rip-choices.ts';
import { toJobView } from '../job-view.ts';
import type { StepDeps, StepOutcome } from '../step-deps.ts';

export async function identifyStep(job: JobRecord, deps: StepDeps): Promise<StepOutcome> {
  const ripper = deps.resolver.ripperFor(job.sourceKind);
  if (!ripper) {
    throw new ConfigurationError(
      'no_ripper_configured',
      `No ripper is configured for ${job.sourceKind} sources; set pipeline.rippers.${job.sourceKind} in the configuration`,
    );
  }
  const scan = limitToFiles(
    await ripper.impl.scan(toJobView(job).source, await deps.context(ripper.record, job, 'scan')),
    job,
  );
  const titles: NewTitle[] = scan.titles.map(
    ({ index, durationSeconds, sizeBytes, resolution, sourceFile, outputFileName }) => ({
      titleIndex: index,
      durationSeconds,
      sizeBytes,
      resolution,
      sourceFile: sourceFile ?? null,
      outputFilename: outputFileName ?? null,
      state: 'pending',
      selected: true,
    }),
  );
  // A person's choice of titles to rip (made while the job waited in review) survives the new scan.
  const choices = ripChoicesOf(await deps.titles.listByJob(job.id));
  const stored = await deps.jobService.replaceTitles(job.id, titles);
  job = await deps.jobService.update(job.id, { contentHash: scan.contentHash ?? job.contentHash });

  const chain = deps.resolver.identifiers();
  const answers: Identification[] = [];
  const failures: string[] = [];
  const ask = async (identifier: (typeof chain)[number]): Promise<Identification | null> => {
    try {
      return await identifier.impl.identify(
        { job: toJobView(job), scan, previous: [...answers] },
        await deps.context(identifier.record, job, 'identify'),
      );
    } catch (error) {
      // One identifier failing (a service down, a plugin bug) must not fail the job: the chain goes on.
      if (deps.signal.aborted || (SpindleError.is(error) && error.code === 'aborted')) throw error;
      const message = errorMessage(error);
      deps.logger.warn(`identifier ${identifier.record.id} failed for job ${job.id}; trying the next one`, {
        error: message,
      });
      failures.push(`identifier ${identifier.record.id} failed: ${message}`);
      return null;
    }
  };
  let next = 0;
  let winner: Identification | null = null;
  while (next < chain.length) {
    const answer = await ask(chain[next++]!);
    if (!answer) continue;
    answers.push(answer);
    if (answer.confidence >= HIGH_CONFIDENCE && !answer.reviewReason) {
      winner = answer;
      break;
    }
  }
  // Title hints from every answer: titles nobody wants ripped (Play All, short clips) are skipped.
  const hints = answers.flatMap((a) => a.titleHints);
  // A winner that says nothing about single titles (a catalog entry, a declared identity) leaves one
  // question open: which titles are worth ripping. The rest of the chain is asked that only: the
  // first later answer of the same kind (TV or movie) with title hints lends them. It is not evidence
  // for the verdict (the first confident answer still wins) and its failures hold nothing up.
  if (winner && hints.length === 0) {
    const kind = job.identityDeclared ? job.contentType : winner.contentType;
    const failed = failures.length;
    while (next < chain.length) {
      const identifier = chain[next++]!;
      const answer = await ask(identifier);
      if (answer && answer.contentType === kind && answer.titleHints.length > 0) {
        hints.push(...answer.titleHints);
        deps.logger.info(
          `job ${job.id}: which titles to rip comes from ${identifier.record.id} (${winner.source} identified the disc)`,
        );
        break;
      }
    }
    failures.length = failed;
  }
  const config = deps.config.get();
  for (const hint of hints) {
    const title = stored.find((t) => t.titleIndex === hint.titleIndex);
    if (!title) continue;
    const rip = title.selected && hint.rip;
    const discard = rip ? null : hintDiscard(hint.role, hint.reason);
    const updated = await deps.jobService.updateTitle(title, {
      role: hint.role,
      selected: rip,
      isExtra: hint.role === 'extra',
      extraType: hint.extraType ?? null,
      discardReason: discard?.reason ?? null,
      discardedBy: discard ? deciderFor(discard.kind, config) : null,
    });
    stored[stored.indexOf(title)] = updated;
  }
  for (const [i, title] of stored.entries()) {
    const patch = ripChoicePatch(title, choices);
    if (patch) stored[i] = await deps.jobService.updateTitle(title, patch);
  }

  // Re-read: the user may have declared the identity while the identifiers ran.
  const current = (await deps.jobs.get(job.id)) ?? job;
  const verdict = decideIdentification(current, answers, winner, failures);
  const patch: Partial<JobRecord> = { identificationJson: JSON.stringify(answers), ...verdict.patch };
  if (verdict.reviewReason)
    return { kind: 'review', reason: verdict.reviewReason, about: 'identity', resumeAt: 'ripping', patch };
  const nothing = stored.some((t) => t.selected) ? null : nothingFiledReason(stored, 0);
  if (nothing) return { kind: 'review', reason: nothing, about: 'nothing_filed', resumeAt: 'ripping', patch };
  return { kind: 'next', patch };
}

/** A follow-up job for late files takes only those files of its folder. */
function limitToFiles(scan: DiscScan, job: JobRecord): DiscScan {
  const only = parseFileList(job.onlyFilesJson);
  if (!only) return scan;
  return { ...scan, titles: scan.titles.filter((t) => t.sourceFile !== undefined && only.includes(t.sourceFile)) };
}
