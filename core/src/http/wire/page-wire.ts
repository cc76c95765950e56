/** One page of a paginated list: the query it is asked with, its response schema, and its wire form. */
import type { JsonSchema } from '../route-spec.ts';

export const DEFAULT_PER_PAGE = 20;

export interface PageQuery {
  page?: number;
  per_page?: number;
}

/** The `page` and `per_page` query properties, for a route's query schema. */
export const pageQueryProperties: Record<string, JsonSchema> = {
  page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
  per_page: { type: 'integer', minimum: 1, maximum: 100, default: DEFAULT_PER_PAGE },
};

/** The response schema of a page of `items`; `totalDescription` says what `total` counts. */
export function pageSchema(items: JsonSchema, totalDescription?: string): JsonSchema {
  return {
    type: 'object',
    required: ['items', 'total', 'page', 'per_page', 'pages'],
    properties: {
      items: { type: 'array', items },
      total: totalDescription ? { type: 'integer', description: totalDescription } : { type: 'integer' },
      page: { type: 'integer' },
      per_page: { type: 'integer' },
      pages: { type: 'integer' },
    },
  };
}

/** The page asked for, defaults applied. */
export function pageOf(query: PageQuery): { page: number; perPage: number } {
  return { page: query.page ?? 1, perPage: query.per_page ?? DEFAULT_PER_PAGE };
}

export function toPageWire<T>(items: T[], total: number, page: number, perPage: number) {
  return { items, total, page, per_page: perPage, pages: Math.ceil(total / perPage) };
}
