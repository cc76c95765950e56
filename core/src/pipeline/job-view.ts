/** Converts stored records into the read-only views plugins see. */
import type { DiscMapping, JobView, MatchResult, TitleView } from '@spindle/plugin-sdk';
import type { JobRecord, TitleRecord } from '../persistence/records.ts';

export function parseMappings(json: string | null): DiscMapping[] | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as DiscMapping[]) : null;
  } catch {
    return null;
  }
}

export function toJobView(job: JobRecord): JobView {
  return {
    id: job.id,
    source: { kind: job.sourceKind, path: job.sourcePath, driveId: job.driveId, volumeLabel: job.volumeLabel },
    contentType: job.contentType,
    volumeLabel: job.volumeLabel,
    detectedTitle: job.detectedTitle,
    detectedSeason: job.detectedSeason,
    detectedYear: job.detectedYear,
    discNumber: job.discNumber,
    contentHash: job.contentHash,
    catalogId: job.catalogId,
    catalogTitle: job.catalogTitle,
    discMappings: parseMappings(job.discMappingsJson),
    stagingPath: job.stagingPath,
    identityDeclared: job.identityDeclared,
  };
}

export function toTitleView(title: TitleRecord): TitleView {
  return {
    id: title.id,
    titleIndex: title.titleIndex,
    durationSeconds: title.durationSeconds,
    sizeBytes: title.sizeBytes,
    resolution: title.resolution,
    state: title.state,
    filePath: title.filePath,
    isExtra: title.isExtra,
  };
}

export function parseMatch(title: TitleRecord): MatchResult | null {
  if (!title.matchDetailsJson) return null;
  try {
    const match = JSON.parse(title.matchDetailsJson) as MatchResult;
    // An extra whose match names no kind keeps the kind the identifier told (it decides the extras folder).
    return match.kind === 'extra' && !match.extraType && title.extraType
      ? { ...match, extraType: title.extraType }
      : match;
  } catch {
    return null;
  }
}
