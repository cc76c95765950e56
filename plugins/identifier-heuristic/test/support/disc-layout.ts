/** A disc layout the heuristic identifier is run on in the tests, the expected answer, and the run itself. */
import type { DiscScan, Identification } from '@spindle/plugin-sdk';
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import { HeuristicIdentifier } from '../../src/heuristic-identifier.ts';

export interface Layout {
  name: string;
  label: string;
  /** Title durations in minutes, in title-index order. */
  minutes: number[];
  /** Source files (MakeMKV's `00001.mpls` / `00305.m2ts`), when the layout depends on them. */
  files?: string[];
  settings?: Record<string, number>;
  expect: {
    contentType: Identification['contentType'];
    band: 'high' | 'medium' | 'low';
    /** Title index → hint role (only the listed ones are checked). */
    roles?: Record<number, string>;
    ambiguous?: boolean;
    season?: number | null;
    disc?: number | null;
    title?: string | null;
    /** TV by lengths alone (no Play All, no season in the label): left open as episodes or a collection, for review. */
    open?: boolean;
  };
}

export const band = (c: number) => (c >= 0.8 ? 'high' : c >= 0.5 ? 'medium' : 'low');

export async function identify(layout: Layout) {
  const ctx = await createFakeContext({ settings: layout.settings ?? {} });
  const scan: DiscScan = {
    volumeLabel: layout.label,
    discType: 'dvd',
    contentHash: null,
    titles: layout.minutes.map((m, index) => ({
      index,
      durationSeconds: m * 60,
      sizeBytes: Math.round(m * 60e6),
      resolution: '480p',
      ...(layout.files ? { sourceFile: layout.files[index]! } : {}),
    })),
  };
  try {
    return await new HeuristicIdentifier().identify(
      { job: sampleJob({ volumeLabel: layout.label }), scan, previous: [] },
      ctx,
    );
  } finally {
    await ctx.dispose();
  }
}
