/**
 * Answers from the job's disc-lookup mappings (TheDiscDB-style: title 3 is S01E04). A title
 * without a mapping, or an episode mapping without numbers, gets no answer (null).
 */
import {
  formatEpisodeCode,
  throwIfAborted,
  type DiscMapping,
  type Matcher,
  type MatchInput,
  type MatchResult,
  type StageContext,
} from '@spindle/plugin-sdk';

export const MAPPING_CONFIDENCE = 0.95;
export const MATCH_SOURCE = 'local_disc_lookup';
export const COMPONENT_NAME = 'disc_lookup_mapping';

function describeMapping(mapping: DiscMapping, season: number | null): string {
  const what =
    mapping.assignment === 'episode' && season !== null && mapping.episode !== null
      ? formatEpisodeCode(season, mapping.episode, mapping.episodeEnd)
      : mapping.assignment;
  return `title ${mapping.titleIndex} → ${what}${mapping.name ? ` ("${mapping.name}")` : ''}`;
}

export class DiscLookupMatcher implements Matcher {
  async match(input: MatchInput, ctx: StageContext): Promise<MatchResult | null> {
    throwIfAborted(ctx.signal);
    const mapping = input.job.discMappings?.find((m) => m.titleIndex === input.title.titleIndex);
    if (!mapping) return null;
    const isEpisode = mapping.assignment === 'episode';
    const season = isEpisode ? (mapping.season ?? input.job.detectedSeason) : mapping.season;
    if (isEpisode && (season === null || mapping.episode === null)) {
      ctx.logger.warn('Disc lookup mapping names an episode without season or episode number', {
        titleIndex: mapping.titleIndex,
      });
      return null;
    }
    const episodeEnd =
      isEpisode && mapping.episodeEnd !== null && mapping.episodeEnd > mapping.episode! ? mapping.episodeEnd : null;
    const result = {
      kind: mapping.assignment,
      season,
      episode: isEpisode ? mapping.episode : null,
      episodeEnd,
      edition: null,
    };
    return {
      ...result,
      // The kind of extra the lookup names decides its extras folder (Featurettes, Deleted Scenes, …).
      ...(mapping.assignment === 'extra' ? { extraType: mapping.extraType ?? null } : {}),
      confidence: MAPPING_CONFIDENCE,
      source: MATCH_SOURCE,
      components: [{ name: COMPONENT_NAME, value: 1, weight: 1, detail: describeMapping(mapping, season) }],
      candidates: [{ ...result, score: MAPPING_CONFIDENCE }],
    };
  }
}
