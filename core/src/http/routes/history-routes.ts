/** History (server-side filters, pagination, search) and statistics over the whole history. */
import type { JobRepository } from '../../persistence/ports.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';
import { jobSchema, toJobWire } from '../wire/job-wire.ts';
import { pageOf, pageQueryProperties, pageSchema, toPageWire, type PageQuery } from '../wire/page-wire.ts';

export const TOP_ERRORS = 5;
export const RECENT_JOBS = 10;

interface HistoryQuery extends PageQuery {
  content_type?: 'tv' | 'movie';
  state?: 'completed' | 'failed';
  q?: string;
}

export function historyRoutes(jobs: JobRepository): RouteSpec[] {
  return [
    defineRoute<Record<string, never>, HistoryQuery>({
      method: 'get',
      path: '/api/jobs/history',
      tag: 'history',
      operationId: 'listHistory',
      summary: 'Completed and failed jobs (cleared ones included), newest first, filtered and paginated',
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          ...pageQueryProperties,
          content_type: { enum: ['tv', 'movie'] },
          state: { enum: ['completed', 'failed'] },
          q: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
            description: 'search volume label, detected or catalog title',
          },
        },
      },
      response: pageSchema(jobSchema),
      handler: async ({ query }) => {
        const { page, perPage } = pageOf(query);
        const { items, total } = await jobs.history({
          page,
          perPage,
          ...(query.content_type ? { contentType: query.content_type } : {}),
          ...(query.state ? { state: query.state } : {}),
          ...(query.q ? { search: query.q } : {}),
        });
        return toPageWire(
          items.map((j) => toJobWire(j)),
          total,
          page,
          perPage,
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/jobs/stats',
      tag: 'history',
      operationId: 'getStats',
      summary: 'Statistics over the whole history',
      response: {
        type: 'object',
        required: [
          'total_jobs',
          'completed',
          'completed_with_files',
          'completed_nothing_filed',
          'files_filed',
          'failed',
          'tv',
          'movie',
          'avg_processing_seconds',
          'top_errors',
          'recent_jobs',
        ],
        properties: {
          total_jobs: { type: 'integer' },
          completed: { type: 'integer' },
          completed_with_files: { type: 'integer', description: 'completed jobs that filed at least one file' },
          completed_nothing_filed: {
            type: 'integer',
            description: 'completed jobs that filed nothing (every title left out by a person)',
          },
          files_filed: { type: 'integer', description: 'files filed into the library over the whole history' },
          failed: { type: 'integer' },
          tv: { type: 'integer' },
          movie: { type: 'integer' },
          avg_processing_seconds: { type: ['number', 'null'] },
          top_errors: {
            type: 'array',
            maxItems: TOP_ERRORS,
            items: {
              type: 'object',
              required: ['message', 'count'],
              properties: { message: { type: 'string' }, count: { type: 'integer' } },
            },
          },
          recent_jobs: { type: 'array', items: jobSchema, maxItems: RECENT_JOBS },
        },
      },
      handler: async () => {
        const s = await jobs.stats(TOP_ERRORS, RECENT_JOBS);
        return {
          total_jobs: s.totalJobs,
          completed: s.completed,
          completed_with_files: s.completedWithFiles,
          completed_nothing_filed: s.completedNothingFiled,
          files_filed: s.filesFiled,
          failed: s.failed,
          tv: s.tv,
          movie: s.movie,
          avg_processing_seconds: s.avgProcessingSeconds,
          top_errors: s.topErrors,
          recent_jobs: s.recentJobs.map((j) => toJobWire(j)),
        };
      },
    }),
  ];
}
