/**
 * The TheDiscDB DiscLookupProvider: one GraphQL POST per unknown content hash (the junction
 * filter form first, the flat form when the server rejects it), answers cached in the plugin's
 * store (found discs for `cache_ttl_hours`, unknown ones for `miss_ttl_hours`).
 */
import {
  errorMessage,
  IdentificationError,
  SpindleError,
  type DiscLookupProvider,
  type DiscLookupResult,
  type JsonValue,
  type PluginSetup,
} from '@spindle/plugin-sdk';
import { findDisc, toLookupResult } from './disc-mappings.ts';
import { FLAT_QUERY, JUNCTION_QUERY, type WireMediaItem } from './graphql-queries.ts';
import { readSettings, type TheDiscDbSettings } from './thediscdb-settings.ts';

const HASH = /^[0-9A-F]{32}$/;
export const CACHE_PREFIX = 'hash:';

type QueryOutcome = { items: WireMediaItem[] } | { graphqlError: string };
type GraphQlBody = { data?: { mediaItems?: { nodes?: unknown } | null } | null; errors?: { message?: unknown }[] };

function parseBody(text: string): GraphQlBody | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as GraphQlBody) : null;
  } catch {
    return null;
  }
}

export class TheDiscDbLookup implements DiscLookupProvider {
  private readonly settings: TheDiscDbSettings;

  constructor(
    private readonly setup: PluginSetup,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.settings = readSettings(setup.settings);
  }

  async lookupByContentHash(contentHash: string): Promise<DiscLookupResult | null> {
    const hash = contentHash.trim().toUpperCase();
    if (!HASH.test(hash)) return null;
    const cached = await this.cached(hash);
    if (cached !== undefined) return cached;
    let outcome = await this.query(JUNCTION_QUERY, hash);
    if ('graphqlError' in outcome) {
      this.setup.logger.info('TheDiscDB refused the junction filter; trying the flat form', {
        error: outcome.graphqlError,
      });
      outcome = await this.query(FLAT_QUERY, hash);
    }
    if ('graphqlError' in outcome) {
      throw new IdentificationError(
        'disc_lookup_failed',
        `disc lookup failed: TheDiscDB answered with an error (${outcome.graphqlError})`,
      );
    }
    const found = findDisc(outcome.items, hash);
    const result = found ? toLookupResult(found.item, found.disc) : null;
    this.setup.logger.info(found ? 'TheDiscDB knows this disc' : 'TheDiscDB does not know this disc', {
      contentHash: hash,
      ...(result ? { title: result.title, disc: result.discSlug } : {}),
    });
    await this.setup.store
      .set(`${CACHE_PREFIX}${hash}`, { at: this.now(), result: result as unknown as JsonValue })
      .catch((error: unknown) =>
        this.setup.logger.warn('could not cache a TheDiscDB answer', { error: String(error) }),
      );
    return result;
  }

  private async cached(hash: string): Promise<DiscLookupResult | null | undefined> {
    const entry = await this.setup.store
      .get<{ at: number; result: JsonValue }>(`${CACHE_PREFIX}${hash}`)
      .catch(() => undefined);
    if (!entry || typeof entry.at !== 'number') return undefined;
    const ttlHours = entry.result === null ? this.settings.miss_ttl_hours : this.settings.cache_ttl_hours;
    if (this.now() - entry.at > ttlHours * 3_600_000) return undefined;
    return entry.result as unknown as DiscLookupResult | null;
  }

  private async query(query: string, hash: string, attempt = 0): Promise<QueryOutcome> {
    let response;
    try {
      response = await this.setup.http.request(this.settings.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ query, variables: { hash } }),
        timeoutMs: this.settings.request_timeout_seconds * 1000,
      });
    } catch (error) {
      if (SpindleError.is(error) && error.code === 'aborted') throw error;
      const message = errorMessage(error);
      throw new IdentificationError(
        'disc_lookup_unavailable',
        `disc lookup failed: TheDiscDB could not be reached (${message})`,
        { retryable: true, cause: error },
      );
    }
    if (response.status === 429 && attempt === 0) {
      const wait = Number(response.headers['retry-after'] ?? '1');
      if (Number.isFinite(wait) && wait >= 0 && wait <= this.settings.max_retry_wait_seconds) {
        this.setup.logger.info('TheDiscDB rate limit: waiting before retrying', { seconds: wait });
        await this.sleep(wait * 1000);
        return this.query(query, hash, attempt + 1);
      }
    }
    const body = parseBody(await response.text().catch(() => ''));
    const errors = Array.isArray(body?.errors) ? body.errors : [];
    // HotChocolate answers schema errors with 400 and a GraphQL error body: that is the fallback signal.
    if (errors.length > 0 && !Array.isArray(body?.data?.mediaItems?.nodes)) {
      return {
        graphqlError: errors
          .map((e) => String(e?.message ?? 'unknown error'))
          .join('; ')
          .slice(0, 300),
      };
    }
    if (response.status < 200 || response.status >= 300) {
      throw new IdentificationError(
        'disc_lookup_unavailable',
        `disc lookup failed: TheDiscDB answered HTTP ${response.status}`,
        {
          retryable: response.status >= 500 || response.status === 429,
        },
      );
    }
    if (body === null)
      throw new IdentificationError(
        'disc_lookup_bad_response',
        'disc lookup failed: TheDiscDB answered with malformed JSON',
      );
    const nodes = body.data?.mediaItems?.nodes;
    if (!Array.isArray(nodes))
      throw new IdentificationError(
        'disc_lookup_bad_response',
        'disc lookup failed: TheDiscDB answer has no data.mediaItems.nodes',
      );
    return { items: nodes.filter((n): n is WireMediaItem => typeof n === 'object' && n !== null) };
  }
}
