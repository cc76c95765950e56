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
    return JSON.parse(title.matchDetailsJson) as MatchResult;
  } catch {
    return null;
  }
}
