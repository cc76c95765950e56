/**
 * Finds the disc's show or movie in the configured catalog. Silent (null) when no catalog is
 * configured or the label holds no name; a refused credential ("catalog degraded") holds the job
 * for review; other catalog failures become evidence and the chain goes on. A declared identity
 * is looked up as declared (by catalog id, or by name in the declared kind).
 */
import {
  errorMessage,
  SpindleError,
  throwIfAborted,
  untilAborted,
  type CatalogProvider,
  type Identification,
  type Identifier,
  type IdentifyInput,
  type StageContext,
} from '@spindle/plugin-sdk';
import { AliasTable } from './alias-table.ts';
import { degradedAnswer, matchAnswer, unansweredAnswer } from './catalog-answers.ts';
import { searchCatalog } from './catalog-search.ts';
import { readSettings } from './catalog-settings.ts';
import { planSearch } from './search-plan.ts';

const DEGRADED_CODES = new Set(['catalog_unauthorized', 'catalog_wrong_credential']);
/** Confidence of an entry the user named by its catalog id. */
export const DECLARED_ID_CONFIDENCE = 0.99;

async function byDeclaredId(
  catalog: CatalogProvider,
  input: IdentifyInput,
  ctx: StageContext,
): Promise<Identification> {
  const { job } = input;
  const id = job.catalogId!;
  const entry =
    job.contentType === 'movie'
      ? await untilAborted(catalog.getMovie(id), ctx.signal).then((m) => m && { name: m.title, year: m.year })
      : await untilAborted(catalog.getShow(id), ctx.signal).then((s) => s && { name: s.name, year: s.firstAirYear });
  if (!entry)
    return unansweredAnswer(
      `the catalog has no ${job.contentType === 'movie' ? 'movie' : 'show'} with id ${id}; check the declared catalog id`,
    );
  return {
    contentType: job.contentType,
    source: 'catalog',
    confidence: DECLARED_ID_CONFIDENCE,
    title: job.detectedTitle ?? entry.name,
    year: job.detectedYear ?? entry.year,
    season: job.contentType === 'tv' ? job.detectedSeason : null,
    discNumber: job.discNumber,
    catalogId: id,
    catalogTitle: entry.name,
    discLookup: null,
    titleHints: [],
    ambiguousMovie: false,
    reviewReason: null,
    evidence: [`declared catalog id ${id}: ${entry.name}${entry.year ? ` (${entry.year})` : ''}`],
  };
}

export class CatalogIdentifier implements Identifier {
  async identify(input: IdentifyInput, ctx: StageContext): Promise<Identification | null> {
    throwIfAborted(ctx.signal);
    const catalog = ctx.providers.get('catalog');
    if (!catalog) return null;
    const status = catalog.status();
    if (status.configured === false) {
      ctx.logger.debug('catalog not configured; identifying without it', { reason: status.message });
      return null;
    }
    if (!status.healthy) return degradedAnswer(status.message ?? 'catalog degraded');
    const settings = readSettings(ctx.settings);
    try {
      const { job } = input;
      if (job.identityDeclared && job.catalogId !== null && (job.contentType === 'tv' || job.contentType === 'movie')) {
        return await byDeclaredId(catalog, input, ctx);
      }
      const plan = planSearch(input, new AliasTable(settings.aliases));
      if (!plan) return null;
      const { ranked, notes } = await searchCatalog(catalog, plan, input.scan.titles, settings, ctx);
      throwIfAborted(ctx.signal);
      if (ranked.length === 0)
        return unansweredAnswer(
          `the catalog has nothing that matches ${plan.queries.map((q) => `"${q}"`).join(' or ')}`,
          [...plan.notes, ...notes],
        );
      return matchAnswer(ranked, plan, settings.ambiguity_margin, notes);
    } catch (error) {
      if (ctx.signal.aborted || (SpindleError.is(error) && error.code === 'aborted')) throw error;
      const message = errorMessage(error);
      if (SpindleError.is(error) && DEGRADED_CODES.has(error.code)) return degradedAnswer(message);
      if (SpindleError.is(error) && error.code === 'catalog_not_configured') return null;
      ctx.logger.warn('catalog lookup failed; the next identifier decides', { error: message });
      return unansweredAnswer(message.startsWith('catalog') ? message : `catalog lookup failed: ${message}`);
    }
  }
}
