/**
 * What the identifier chain's answers mean for the job: which answer counts (the winner, else the
 * most confident), which fields to store, and whether a person must look first. Pure: no I/O.
 *
 * - A declared identity (the user said what the disc is) wins: only fields the user left empty are
 *   filled in, from an answer that agrees with it, and the job never stops for classification.
 * - An answer that holds the job (`holdForReview`, e.g. the catalog refused its credential) stops
 *   it even when a later identifier was confident.
 * - Identifiers that disagree about TV vs movie (both at least medium confidence) stop it.
 * - A low-confidence best answer, an answer that asks for review, or an ambiguous movie stop it.
 * - When the best answer has no catalog id, an agreeing medium-or-better answer that has one
 *   (e.g. the catalog's, when the heuristic won) supplies it.
 * - A TV disc (or one still unknown) whose answers name no season takes the season its volume label
 *   names ("MY_SHOW_S1_D1" → 1), the same label parser the identifiers use; a movie never has one.
 */
import { parseVolumeLabel, type Identification } from '@spindle/plugin-sdk';
import type { JobRecord } from '../persistence/records.ts';

export const HIGH_CONFIDENCE = 0.8;
export const LOW_CONFIDENCE = 0.5;

export interface IdentifyVerdict {
  best: Identification | null;
  patch: Partial<JobRecord>;
  /** Why the job must wait for a person, or null to go on. */
  reviewReason: string | null;
}

const pct = (n: number) => `${Math.round(n * 100)}%`;
const definite = (a: Identification) => a.contentType === 'tv' || a.contentType === 'movie';
const describe = (a: Identification) =>
  `${a.source} says ${a.contentType}${a.title ? ` "${a.title}"` : ''} (${pct(a.confidence)})`;

/** The most confident answer that agrees with `contentType` and carries a catalog id. */
function catalogDonor(
  answers: readonly Identification[],
  except: Identification | null,
  contentType: string,
): Identification | null {
  return (
    [...answers]
      .filter(
        (a) =>
          a !== except &&
          a.catalogId !== null &&
          !a.reviewReason &&
          a.confidence >= LOW_CONFIDENCE &&
          (contentType === 'unknown' || a.contentType === contentType),
      )
      .sort((a, b) => b.confidence - a.confidence)[0] ?? null
  );
}

/** The season the job's volume label names, or null. */
function labelSeason(job: JobRecord): number | null {
  return job.volumeLabel ? parseVolumeLabel(job.volumeLabel).season : null;
}

function identityPatch(job: JobRecord, best: Identification, answers: readonly Identification[]): Partial<JobRecord> {
  const donor = best.catalogId === null ? catalogDonor(answers, best, best.contentType) : null;
  const season = best.season ?? donor?.season ?? job.detectedSeason;
  return {
    contentType: best.contentType,
    detectedTitle: donor?.catalogTitle ?? donor?.title ?? best.title ?? job.detectedTitle,
    detectedSeason: best.contentType === 'movie' ? season : (season ?? labelSeason(job)),
    detectedYear: best.year ?? donor?.year ?? job.detectedYear,
    discNumber: best.discNumber ?? job.discNumber,
    catalogId: best.catalogId ?? donor?.catalogId ?? job.catalogId,
    catalogTitle: best.catalogTitle ?? donor?.catalogTitle ?? job.catalogTitle,
  };
}

/** Fields the user left empty, from an answer that agrees with the declared identity. */
function declaredPatch(
  job: JobRecord,
  best: Identification | null,
  answers: readonly Identification[],
): Partial<JobRecord> {
  const agrees = (a: Identification) =>
    a.contentType === job.contentType && (job.catalogId === null || a.catalogId === job.catalogId);
  const donor =
    catalogDonor(answers.filter(agrees), null, job.contentType) ??
    answers.filter((a) => agrees(a) && a.confidence >= LOW_CONFIDENCE)[0] ??
    null;
  const patch: Partial<JobRecord> = {};
  if (donor) {
    if (job.catalogId === null && donor.catalogId !== null) patch.catalogId = donor.catalogId;
    if (job.catalogTitle === null && donor.catalogTitle !== null) patch.catalogTitle = donor.catalogTitle;
    if (job.detectedTitle === null) patch.detectedTitle = donor.catalogTitle ?? donor.title;
    if (job.detectedYear === null && donor.year !== null) patch.detectedYear = donor.year;
    if (job.contentType === 'tv' && job.detectedSeason === null && donor.season !== null)
      patch.detectedSeason = donor.season;
  }
  if (
    job.contentType === 'tv' &&
    job.detectedSeason === null &&
    patch.detectedSeason === undefined &&
    labelSeason(job) !== null
  )
    patch.detectedSeason = labelSeason(job);
  if (job.discNumber === null && best?.discNumber != null) patch.discNumber = best.discNumber;
  return patch;
}

function mainReason(answers: readonly Identification[], best: Identification | null): string | null {
  const holds = answers.filter((a) => a.holdForReview && a.reviewReason);
  if (holds.length > 0) return holds.map((a) => a.reviewReason!).join('; ');
  if (!best) return 'No identifier could tell what this disc is; say what it is to continue';
  if (best.reviewReason) return best.reviewReason;
  if (best.ambiguousMovie) return 'Several titles could be the main feature; choose the main feature and edition';
  const dissent = definite(best)
    ? answers.find(
        (a) =>
          a !== best &&
          definite(a) &&
          a.contentType !== best.contentType &&
          a.confidence >= LOW_CONFIDENCE &&
          !a.reviewReason,
      )
    : undefined;
  if (dissent) return `Identifiers disagree: ${describe(best)}, ${describe(dissent)}; say what this disc is`;
  if (best.confidence < LOW_CONFIDENCE)
    return `Identification confidence is low (${pct(best.confidence)}, ${best.source}); confirm what this disc is`;
  return null;
}

export function decideIdentification(
  job: JobRecord,
  answers: readonly Identification[],
  winner: Identification | null,
  failures: readonly string[] = [],
): IdentifyVerdict {
  const best = winner ?? [...answers].sort((a, b) => b.confidence - a.confidence)[0] ?? null;
  const patch: Partial<JobRecord> = {};
  if (best) {
    Object.assign(patch, {
      classificationSource: best.source,
      classificationConfidence: best.confidence,
      isAmbiguousMovie: best.ambiguousMovie,
      discLookupTitleSlug: best.discLookup?.titleSlug ?? null,
      discLookupDiscSlug: best.discLookup?.discSlug ?? null,
      discMappingsJson: best.discLookup ? JSON.stringify(best.discLookup.mappings) : job.discMappingsJson,
    });
  }
  if (job.identityDeclared)
    return { best, patch: { ...patch, ...declaredPatch(job, best, answers) }, reviewReason: null };
  if (best) Object.assign(patch, identityPatch(job, best, answers));
  const reason = mainReason(answers, best);
  if (reason === null) return { best, patch, reviewReason: null };
  const also = [
    ...new Set([
      ...answers.filter((a) => a.reviewReason && !reason.includes(a.reviewReason)).map((a) => a.reviewReason!),
      ...failures,
    ]),
  ];
  return { best, patch, reviewReason: also.length > 0 ? `${reason} (also: ${also.join('; ')})` : reason };
}
