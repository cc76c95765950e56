/**
 * Extras typed when TheDiscDB names the disc: each title's TheDiscDB record goes the way the service
 * takes it — the provider's mapping (`mappingOf`), the disc-lookup matcher's answer for the title,
 * then the library organizer's placement — and the extras folder it lands in is compared with the
 * folder of the kind TheDiscDB names (after the corrections of `truthOf`: a "Deleted Scene" filed as
 * an episode is a deleted scene). A title is counted when TheDiscDB names a specific kind.
 */
import { createFakeContext, sampleJob } from '@spindle/plugin-sdk/testing';
import type { DiscMapping, ExtraType } from '@spindle/plugin-sdk';
import { mappingOf } from '../../plugins/provider-thediscdb/src/disc-mappings.ts';
import { wireTitle } from '../../plugins/provider-thediscdb/test/support/thediscdb-server.ts';
import { DiscLookupMatcher } from '../../plugins/matcher-disc-lookup/src/disc-lookup-matcher.ts';
import { EXTRAS_FOLDERS, placeTitle } from '../../plugins/organizer-library/src/library-naming.ts';
import type { RealDisc } from './judgment-discs.ts';
import { seconds, truthOf } from './judgment-figures.ts';

const LIBRARY = { libraryMoviesPath: '/library/Movies', libraryTvPath: '/library/TV', extrasPolicy: 'keep' as const };

/** The extras folder a placement path names (the folder the file sits in), or null when the title is not placed as an extra. */
function extrasFolderOf(path: string | undefined): string | null {
  const parts = path?.split('/') ?? [];
  const folder = parts.at(-2) ?? null;
  return folder !== null && Object.values(EXTRAS_FOLDERS).includes(folder) ? folder : null;
}

export async function namedExtrasFigure(
  disc: RealDisc,
): Promise<{ typedTruth: number; typedRight: number; wrong: string[] }> {
  const mappings = disc.record.Titles.map((t) => mappingOf(wireTitle(t))).filter((m): m is DiscMapping => m !== null);
  const contentType = disc.kind === 'series' ? 'tv' : 'movie';
  const job = sampleJob({
    contentType,
    discMappings: mappings,
    detectedTitle: 'Named Disc',
    detectedSeason: 1,
    detectedYear: 2000,
  });
  const ctx = await createFakeContext();
  let typedTruth = 0;
  let typedRight = 0;
  const wrong: string[] = [];
  try {
    for (const t of disc.record.Titles) {
      const truth = truthOf(t);
      if (truth.role !== 'extra' || truth.extraType === null) continue;
      typedTruth++;
      const title = {
        id: t.Index + 1,
        titleIndex: t.Index,
        durationSeconds: seconds(t.Duration),
        sizeBytes: t.Size,
        resolution: null,
        state: 'matching' as const,
        filePath: `/staging/title_t${String(t.Index).padStart(2, '0')}.mkv`,
        isExtra: true,
      };
      const match = await new DiscLookupMatcher().match({ job, title, siblings: [], previous: [] }, ctx);
      const placed = match ? placeTitle({ job, kind: contentType, ...LIBRARY }, match, title.filePath) : null;
      const folder = placed && 'to' in placed ? extrasFolderOf(placed.to) : null;
      if (folder === EXTRAS_FOLDERS[truth.extraType as ExtraType]) typedRight++;
      else
        wrong.push(
          `title ${t.Index} (${t.Item?.Type} "${t.Item?.Title ?? ''}") → ${folder ?? match?.kind ?? 'no answer'}`,
        );
    }
  } finally {
    await ctx.dispose();
  }
  return { typedTruth, typedRight, wrong };
}
