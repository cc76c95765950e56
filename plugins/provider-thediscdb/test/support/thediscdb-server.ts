/**
 * A local stand-in for TheDiscDB's GraphQL endpoint (node:http on 127.0.0.1, random port). It
 * answers the content-hash lookup in the real shape (`data.mediaItems.nodes[...]`) from media
 * items given by the test (e.g. built from the real sample), in either schema shape:
 * - `junction` (current): the `disc: { contentHash }` filter works; the flat one fails with
 *   "Unexpected Execution Error", as the real server does;
 * - `flat` (older): the junction filter is a validation error (HTTP 400, GraphQL `errors`).
 * Faults (HTTP status + raw body) can be queued; every request is recorded.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from '../../../../test/support/loopback-server.ts';
import type { SampleDisc, SampleTitle } from './sample-discs.ts';

export interface WireItem {
  id: number;
  title: string;
  year: number | null;
  slug: string;
  type: 'Movie' | 'Series';
  externalids: { tmdb: string | null; imdb: string | null };
  releases: { slug: string; discs: Record<string, unknown>[] }[];
}

export interface TheDiscDbServer {
  url: string;
  requests: { query: string; variables: Record<string, unknown> }[];
  schema: 'junction' | 'flat';
  items: WireItem[];
  fail(...faults: { status: number; body: string; headers?: Record<string, string> }[]): void;
  close(): Promise<void>;
}

/** A disc record's title in TheDiscDB's wire shape (what the GraphQL API answers for it). */
export function wireTitle(t: SampleTitle) {
  return {
    index: t.Index,
    duration: t.Duration,
    size: t.Size,
    sourceFile: t.SourceFile ?? null,
    segmentMap: t.SegmentMap ?? null,
    item: t.Item
      ? {
          title: t.Item.Title ?? null,
          season: t.Item.Season ?? null,
          episode: t.Item.Episode ?? null,
          type: t.Item.Type,
        }
      : null,
  };
}

/** Media items in TheDiscDB's wire shape, one per sample media item, its discs under their releases. */
export function itemsFromSample(discs: readonly SampleDisc[], tmdbIds: Record<string, number> = {}): WireItem[] {
  const items = new Map<string, WireItem>();
  for (const disc of discs) {
    const key = `${disc.mediaTitle} (${disc.year})`;
    const slug = `${disc.mediaTitle}-${disc.year}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    const item = items.get(key) ?? {
      id: items.size + 1,
      title: disc.mediaTitle,
      year: disc.year,
      slug,
      type: disc.kind === 'series' ? 'Series' : 'Movie',
      externalids: {
        tmdb: tmdbIds[disc.mediaTitle] !== undefined ? String(tmdbIds[disc.mediaTitle]) : null,
        imdb: null,
      },
      releases: [],
    };
    items.set(key, item);
    let release = item.releases.find((r) => r.slug === disc.releaseSlug);
    if (!release) item.releases.push((release = { slug: disc.releaseSlug, discs: [] }));
    release.discs.push({
      index: disc.record.Index,
      name: disc.record.Name ?? null,
      format: disc.record.Format,
      slug: disc.record.Slug ?? null,
      contentHash: disc.record.ContentHash,
      titles: disc.record.Titles.map(wireTitle),
    });
  }
  return [...items.values()];
}

const JUNCTION = /discs:\s*\{\s*some:\s*\{\s*disc:\s*\{\s*contentHash/;
const FLAT = /discs:\s*\{\s*some:\s*\{\s*contentHash/;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/graphql-response+json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** TheDiscDB behind a failing gateway: the fault the server answers with and the reason the provider gives for it. */
export const THEDISCDB_BAD_GATEWAY = {
  fault: { status: 502, body: '<html>Bad Gateway</html>' },
  message: 'disc lookup failed: TheDiscDB answered HTTP 502',
};

export async function startTheDiscDbServer(
  options: { items?: WireItem[]; schema?: 'junction' | 'flat' } = {},
): Promise<TheDiscDbServer> {
  const faults: { status: number; body: string; headers?: Record<string, string> }[] = [];
  const state = { items: options.items ?? [], schema: options.schema ?? 'junction' };
  const requests: TheDiscDbServer['requests'] = [];
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/graphql/')
      return send(res, 404, 'Not Found');
    let parsed: { query?: string; variables?: Record<string, unknown> };
    try {
      parsed = JSON.parse(await readBody(req)) as typeof parsed;
    } catch {
      return send(res, 400, { errors: [{ message: 'Invalid JSON body.' }] });
    }
    const query = parsed.query ?? '';
    const variables = parsed.variables ?? {};
    requests.push({ query, variables });
    const fault = faults.shift();
    if (fault) return send(res, fault.status, fault.body, fault.headers);
    const junction = JUNCTION.test(query);
    if (!junction && !FLAT.test(query))
      return send(res, 400, { errors: [{ message: 'Spindle test server only answers content-hash lookups.' }] });
    if (state.schema === 'flat' && junction) {
      return send(res, 400, {
        errors: [
          {
            message: 'The specified input object field `disc` does not exist.',
            locations: [{ line: 2, column: 60 }],
            extensions: { code: 'HC0016' },
          },
        ],
      });
    }
    if (state.schema === 'junction' && !junction) {
      return send(res, 200, {
        errors: [{ message: 'Unexpected Execution Error', locations: [{ line: 2, column: 3 }], path: ['mediaItems'] }],
        data: { mediaItems: null },
      });
    }
    // Like the real database's collation, the filter ignores case; callers pick the disc themselves.
    const hash = String(variables.hash ?? '').toUpperCase();
    const nodes = state.items.filter((item) =>
      item.releases.some((r) => r.discs.some((d) => String(d.contentHash).toUpperCase() === hash)),
    );
    return send(res, 200, { data: { mediaItems: { nodes } } });
  };
  const { port, close } = await listenOnLoopback(handle);
  // The state object is the server itself, so a test that sets `items` or `schema` changes what it answers.
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/graphql/`,
    requests,
    fail: (...more: (typeof faults)[number][]) => void faults.push(...more),
    close,
  });
}
