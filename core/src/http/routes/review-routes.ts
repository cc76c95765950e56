/**
 * GET /api/review: the review queue — every job in review_needed (cleared ones included: a job
 * waiting for a person is never out of the queue), newest first, a page at a time, each with its
 * titles and review list as the job detail serves them.
 */
import type { JobRepository, TitleRepository } from '../../persistence/ports.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';
import { jobDetailSchema, toJobDetailWire } from '../wire/job-detail-wire.ts';

export interface ReviewRouteDeps {
  jobs: JobRepository;
  titles: TitleRepository;
}

interface ReviewQuery {
  page?: number;
  per_page?: number;
}

export function reviewRoutes(deps: ReviewRouteDeps): RouteSpec[] {
  return [
    defineRoute<Record<string, never>, ReviewQuery>({
      method: 'get',
      path: '/api/review',
      tag: 'review',
      operationId: 'listReviewQueue',
      summary:
        'The review queue: every job waiting in review_needed, newest first, paginated, with its titles and review list',
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          page: { type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 },
          per_page: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
        },
      },
      response: {
        type: 'object',
        required: ['items', 'total', 'page', 'per_page', 'pages'],
        properties: {
          items: { type: 'array', items: jobDetailSchema },
          total: { type: 'integer', description: 'jobs in review in all' },
          page: { type: 'integer' },
          per_page: { type: 'integer' },
          pages: { type: 'integer' },
        },
      },
      handler: async ({ query }) => {
        const page = query.page ?? 1;
        const perPage = query.per_page ?? 20;
        const { items, total } = await deps.jobs.pageInState('review_needed', page, perPage);
        const details = await Promise.all(
          items.map(async (job) => {
            const [titles, timeline] = await Promise.all([deps.titles.listByJob(job.id), deps.jobs.timeline(job.id)]);
            return toJobDetailWire(job, titles, timeline);
          }),
        );
        return { items: details, total, page, per_page: perPage, pages: Math.ceil(total / perPage) };
      },
    }),
  ];
}
