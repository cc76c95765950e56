/** POST /api/jobs/{id}/identify: say what a disc is; the declared identity wins over identification. */
import type { IdentityDeclarations } from '../../jobs/identity-declaration.ts';
import { defineRoute, idParams, type RouteSpec } from '../route-spec.ts';
import { jobSchema, toJobWire } from '../wire/job-wire.ts';

interface IdentifyBody {
  content_type: 'tv' | 'movie';
  catalog_id?: number | null;
  detected_title?: string | null;
  detected_season?: number | null;
  detected_year?: number | null;
  disc_number?: number | null;
}

export const identifyBodySchema = {
  type: 'object',
  required: ['content_type'],
  additionalProperties: false,
  description: 'content_type and at least one of catalog_id and detected_title.',
  properties: {
    content_type: { enum: ['tv', 'movie'] },
    catalog_id: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 2147483647,
      description: 'Show or movie id in the catalog (TMDB)',
    },
    detected_title: { type: ['string', 'null'], minLength: 1, maxLength: 300 },
    detected_season: { type: ['integer', 'null'], minimum: 0, maximum: 1000, description: 'TV only' },
    detected_year: { type: ['integer', 'null'], minimum: 1870, maximum: 2200 },
    disc_number: { type: ['integer', 'null'], minimum: 1, maximum: 1000 },
  },
};

export function identifyRoutes(declarations: IdentityDeclarations): RouteSpec[] {
  return [
    defineRoute<{ id: number }, Record<string, never>, IdentifyBody>({
      method: 'post',
      path: '/api/jobs/:id/identify',
      tag: 'jobs',
      operationId: 'identifyJob',
      summary:
        'Say what the disc is (before or during processing): it wins over every identifier and the job does not stop for classification review',
      params: idParams,
      body: identifyBodySchema,
      response: jobSchema,
      errors: [400, 404, 409],
      handler: async ({ params, body }) =>
        toJobWire(
          await declarations.declare(params.id, {
            contentType: body.content_type,
            catalogId: body.catalog_id ?? null,
            detectedTitle: body.detected_title ?? null,
            detectedSeason: body.detected_season ?? null,
            detectedYear: body.detected_year ?? null,
            discNumber: body.disc_number ?? null,
          }),
        ),
    }),
  ];
}
