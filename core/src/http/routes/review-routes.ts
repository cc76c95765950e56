/**
 * GET /api/review: the review queue — every job in review_needed (cleared ones included: a job
 * waiting for a person is never out of the queue), newest first, a page at a time, each with its
 * titles and review list as the job detail serves them.
 */
import type { JobRepository, TitleRepository } from '../../persistence/ports.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';
import { jobDetailSchema, loadJobDetail } from '../wire/job-detail-wire.ts';
import { pageOf, pageQueryProperties, pageSchema, toPageWire, type PageQuery } from '../wire/page-wire.ts';

export interface ReviewRouteDeps {
  jobs: JobRepository;
  titles: TitleRepository;
}

export function reviewRoutes(deps: ReviewRouteDeps): RouteSpec[] {
  return [
    defineRoute<Record<string, never>, PageQuery>({
      method: 'get',
      path: '/api/review',
      tag: 'review',
      operationId: 'listReviewQueue',
      summary:
        'The review queue: every job waiting in review_needed, newest first, paginated, with its titles and review list',
      query: {
        type: 'object',
        additionalProperties: false,
        properties: pageQueryProperties,
      },
      response: pageSchema(jobDetailSchema, 'jobs in review in all'),
      handler: async ({ query }) => {
        const { page, perPage } = pageOf(query);
        const { items, total } = await deps.jobs.pageInState('review_needed', page, perPage);
        const details = await Promise.all(items.map((job) => loadJobDetail(job, deps)));
        return toPageWire(details, total, page, perPage);
      },
    }),
  ];
}
