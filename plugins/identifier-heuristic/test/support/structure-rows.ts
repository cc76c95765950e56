/** Layouts written as rows of [minutes, source file, segment map, resolution?], identified by the heuristic. */
import type { DiscScan, Identification, ScannedTitle } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../../src/heuristic-identifier.ts';

/** [minutes, source file, segment map, resolution?] */
export type Row = [number, string, string, string?];

export const titles = (rows: Row[]): ScannedTitle[] =>
  rows.map(([minutes, sourceFile, segmentMap, resolution], index) => ({
    index,
    durationSeconds: Math.round(minutes * 60),
    sizeBytes: Math.round(minutes * 60e6),
    resolution: resolution ?? '1080p',
    sourceFile,
    segmentMap,
  }));

export async function identify(
  rows: Row[],
  label = 'SOME_DISC',
  discType: DiscScan['discType'] = 'bluray',
  previous: Identification[] = [],
): Promise<Identification> {
  const ctx = await createFakeContext();
  try {
    const scan: DiscScan = { volumeLabel: label, discType, contentHash: null, titles: titles(rows) };
    return (await new HeuristicIdentifier().identify({ job: sampleJob({ volumeLabel: label }), scan, previous }, ctx))!;
  } finally {
    await ctx.dispose();
  }
}

export const roles = (id: Identification) => id.titleHints.map((h) => `${h.role}${h.rip ? '' : ' (no rip)'}`);
