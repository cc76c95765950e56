/**
 * Identifies a disc from the disc lookup provider (TheDiscDB) by its content hash. The answer is
 * kept in the plugin's store by hash, so a job that already has mappings (restored from the
 * database after a restart) is answered from there and the provider is not asked again.
 * Provider failures never stop the chain: they become evidence, and the next identifier answers.
 */
import {
  errorMessage,
  SpindleError,
  throwIfAborted,
  untilAborted,
  type DiscLookupResult,
  type DiscMapping,
  type Identification,
  type Identifier,
  type IdentifyInput,
  type JsonValue,
  type StageContext,
  unknownIdentification,
} from '@spindle/plugin-sdk';
import { fittingMappings, hintsFromMappings, mismatches, seasonOf } from './mapping-hints.ts';

export const STORE_PREFIX = 'disc:';
const DEFAULT_CONFIDENCE = 0.95;
const MISMATCH_CONFIDENCE = 0.6;

const DEFAULT_CLIP_SECONDS = 120;

interface Settings {
  confidence: number;
  clipSeconds: number;
}

function readSettings(settings: Record<string, unknown>): Settings {
  const { confidence, clip_max_seconds: clip } = settings;
  return {
    confidence:
      typeof confidence === 'number' && confidence >= 0.5 && confidence <= 1 ? confidence : DEFAULT_CONFIDENCE,
    clipSeconds: typeof clip === 'number' && clip >= 0 ? clip : DEFAULT_CLIP_SECONDS,
  };
}

function answerOf(
  result: DiscLookupResult,
  found: DiscMapping[],
  input: IdentifyInput,
  settings: Settings,
  evidence: string[],
): Identification {
  const { confidence } = settings;
  const problems = mismatches(found, input.scan);
  // Only mappings that fit the scan are passed on: a shifted folder must not file a clip as an episode.
  const mappings = fittingMappings(found, input.scan);
  const mismatch =
    problems.length > 0
      ? `the disc lookup's titles do not fit this scan (${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; …' : ''}); confirm what the disc is`
      : null;
  const episodes = mappings.filter((m) => m.assignment === 'episode').length;
  const mains = mappings.filter((m) => m.assignment === 'main_movie').length;
  evidence.push(
    `disc lookup: ${result.title}${result.year ? ` (${result.year})` : ''}, ${result.titleSlug}/${result.discSlug}: ${episodes} episode(s), ${mains} main movie(s), ${mappings.length} mapped title(s)`,
  );
  return {
    contentType: result.contentType,
    source: 'disc_lookup',
    confidence: mismatch || result.contentType === 'unknown' ? Math.min(confidence, MISMATCH_CONFIDENCE) : confidence,
    title: result.title,
    year: result.year,
    season: result.contentType === 'tv' ? seasonOf(found) : null,
    discNumber: result.discIndex !== null && result.discIndex >= 1 ? result.discIndex : null,
    catalogId: result.catalogId,
    catalogTitle: result.catalogId !== null ? result.title : null,
    discLookup: { titleSlug: result.titleSlug, discSlug: result.discSlug, mappings },
    titleHints: hintsFromMappings(mappings, input.scan, settings.clipSeconds),
    ambiguousMovie: false,
    reviewReason: mismatch,
    evidence,
  };
}

export class DiscLookupIdentifier implements Identifier {
  async identify(input: IdentifyInput, ctx: StageContext): Promise<Identification | null> {
    throwIfAborted(ctx.signal);
    const hash = (input.scan.contentHash ?? input.job.contentHash)?.trim().toUpperCase();
    if (!hash) return null;
    const settings = readSettings(ctx.settings);
    const key = `${STORE_PREFIX}${hash}`;
    const known = input.job.discMappings;
    if (known && known.length > 0) {
      const stored = await ctx.store.get<JsonValue>(key);
      if (!stored) {
        ctx.logger.info('job already has disc mappings; not asking the disc lookup again', { jobId: input.job.id });
        return null;
      }
      return answerOf(stored as unknown as DiscLookupResult, known, input, settings, [
        'mappings restored from the job; the disc lookup was not asked again',
      ]);
    }
    const provider = ctx.providers.get('disc_lookup');
    if (!provider) {
      ctx.logger.debug('no disc_lookup provider configured');
      return null;
    }
    let result: DiscLookupResult | null;
    try {
      result = await untilAborted(provider.lookupByContentHash(hash), ctx.signal);
    } catch (error) {
      if (ctx.signal.aborted || (SpindleError.is(error) && error.code === 'aborted')) throw error;
      const message = errorMessage(error);
      ctx.logger.warn('disc lookup failed; the next identifier decides', { error: message });
      return unknownIdentification(
        'disc_lookup',
        message.startsWith('disc lookup') ? message : `disc lookup failed: ${message}`,
      );
    }
    throwIfAborted(ctx.signal);
    if (!result) return null;
    await ctx.store.set(key, result as unknown as JsonValue);
    return answerOf(result, result.mappings, input, settings, [`content hash ${hash} found`]);
  }
}
