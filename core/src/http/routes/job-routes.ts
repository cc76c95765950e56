/** The job endpoints of the spec: list, one job, detail, titles, start, cancel, clear, clear finished, review, approve-all. */
import { NotFoundError } from '@spindle/plugin-sdk';
import type { JobCommands } from '../../jobs/job-commands.ts';
import type { JobRepository, TitleRepository } from '../../persistence/ports.ts';
import type { JobRecord } from '../../persistence/records.ts';
import { defineRoute, idParams, type RouteSpec } from '../route-spec.ts';
import { RETRY_FROM, type RetryFrom } from '../../jobs/job-retry.ts';
import { jobSchema, toJobWire } from '../wire/job-wire.ts';
import { titleSchema, toTitleWire } from '../wire/title-wire.ts';
import { jobDetailSchema, loadJobDetail } from '../wire/job-detail-wire.ts';

export interface JobRouteDeps {
  jobs: JobRepository;
  titles: TitleRepository;
  commands: JobCommands;
}

export const ACTIVE_JOBS_LIMIT = 10;

const reviewBody = {
  type: 'object',
  required: ['title_id'],
  additionalProperties: false,
  properties: {
    title_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    episode_code: { type: ['string', 'null'], pattern: '^S\\d{2}E\\d{2,3}$' },
    edition: { type: ['string', 'null'], minLength: 1, maxLength: 100 },
    conflict_resolution: { enum: ['skip', 'overwrite', null], description: 'for a title whose library path is taken' },
    skip: { type: 'boolean', description: 'leave this title out of the library' },
    include: {
      type: 'boolean',
      enum: [true],
      description: 'put back a title a rule left out (a short title, an extra under "skip")',
    },
  },
};

const retryBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    from: {
      enum: RETRY_FROM,
      description: 'identifying = re-identify, matching = re-match; absent: the earliest state that needs redoing',
    },
  },
};

export function jobRoutes(deps: JobRouteDeps): RouteSpec[] {
  const requireJob = async (id: number) => {
    const job = await deps.jobs.get(id);
    if (!job) throw new NotFoundError('job_not_found', `Job ${id} does not exist`);
    return job;
  };
  /** The wire job with its actions decided over its titles too. */
  const wire = async (job: JobRecord) => toJobWire(job, await deps.titles.listByJob(job.id));
  type Id = { id: number };
  /** A command on one job (start, cancel, clear, approve all) answering with the job as it now is. */
  const jobCommand = (
    method: 'post' | 'delete',
    path: string,
    operationId: string,
    summary: string,
    run: (id: number) => Promise<JobRecord>,
    tag = 'jobs',
  ) =>
    defineRoute<Id>({
      method,
      path,
      tag,
      operationId,
      summary,
      params: idParams,
      response: jobSchema,
      errors: [404, 409],
      handler: async ({ params }) => wire(await run(params.id)),
    });
  return [
    defineRoute({
      method: 'get',
      path: '/api/jobs',
      tag: 'jobs',
      operationId: 'listJobs',
      summary: 'Active jobs (not cleared), newest first, at most 10',
      response: { type: 'array', items: jobSchema, maxItems: ACTIVE_JOBS_LIMIT },
      handler: async () => Promise.all((await deps.jobs.listActive(ACTIVE_JOBS_LIMIT)).map(wire)),
    }),
    defineRoute<Id>({
      method: 'get',
      path: '/api/jobs/:id',
      tag: 'jobs',
      operationId: 'getJob',
      summary: 'One job',
      params: idParams,
      response: jobSchema,
      errors: [404],
      handler: async ({ params }) => wire(await requireJob(params.id)),
    }),
    defineRoute<Id>({
      method: 'get',
      path: '/api/jobs/:id/detail',
      tag: 'jobs',
      operationId: 'getJobDetail',
      summary:
        'A job with its titles, its review list, typed disc mappings and identification evidence, and its state timeline',
      params: idParams,
      errors: [404],
      response: jobDetailSchema,
      handler: async ({ params }) => {
        return loadJobDetail(await requireJob(params.id), deps);
      },
    }),
    defineRoute<Id>({
      method: 'get',
      path: '/api/jobs/:id/titles',
      tag: 'jobs',
      operationId: 'listJobTitles',
      summary: 'All titles of a job with match results',
      params: idParams,
      response: { type: 'array', items: titleSchema },
      errors: [404],
      handler: async ({ params }) => (await deps.titles.listByJob((await requireJob(params.id)).id)).map(toTitleWire),
    }),
    jobCommand('post', '/api/jobs/:id/start', 'startJob', 'Start an idle job, or continue a job after review', (id) =>
      deps.commands.start(id),
    ),
    jobCommand(
      'post',
      '/api/jobs/:id/cancel',
      'cancelJob',
      'Cancel a job: its running stage is aborted and it becomes failed ("Cancelled by user")',
      (id) => deps.commands.cancel(id),
    ),
    jobCommand(
      'delete',
      '/api/jobs/:id',
      'clearJob',
      'Clear a job from the dashboard (soft delete: it stays in history and statistics)',
      (id) => deps.commands.clear(id),
    ),
    defineRoute({
      method: 'post',
      path: '/api/jobs/clear-finished',
      tag: 'jobs',
      operationId: 'clearFinishedJobs',
      summary:
        'Clear every completed and failed job from the dashboard at once (soft delete: history, statistics and files stay)',
      response: {
        type: 'object',
        required: ['cleared', 'job_ids'],
        properties: {
          cleared: { type: 'integer', minimum: 0 },
          job_ids: { type: 'array', items: { type: 'integer' } },
        },
      },
      handler: async () => {
        const ids = await deps.commands.clearFinished();
        return { cleared: ids.length, job_ids: ids };
      },
    }),
    defineRoute<
      Id,
      Record<string, never>,
      {
        title_id: number;
        episode_code?: string | null;
        edition?: string | null;
        conflict_resolution?: 'skip' | 'overwrite' | null;
        skip?: boolean;
        include?: boolean;
      }
    >({
      method: 'post',
      path: '/api/jobs/:id/review',
      tag: 'review',
      operationId: 'reviewTitle',
      summary:
        'Decide one title: its episode (SxxExx), its edition, keep or replace an existing library file, skip it, or include a title a rule left out',
      params: idParams,
      body: reviewBody,
      response: titleSchema,
      errors: [404, 409],
      handler: async ({ params, body }) =>
        toTitleWire(
          await deps.commands.review(params.id, {
            titleId: body.title_id,
            ...(body.episode_code !== undefined ? { episodeCode: body.episode_code } : {}),
            ...(body.edition !== undefined ? { edition: body.edition } : {}),
            ...(body.conflict_resolution !== undefined ? { conflictResolution: body.conflict_resolution } : {}),
            ...(body.skip !== undefined ? { skip: body.skip } : {}),
            ...(body.include !== undefined ? { include: body.include } : {}),
          }),
        ),
    }),
    defineRoute<Id, Record<string, never>, { from?: RetryFrom } | undefined>({
      method: 'post',
      path: '/api/jobs/:id/retry',
      tag: 'jobs',
      operationId: 'retryJob',
      summary:
        'Run a failed or completed job again from the earliest state that needs redoing (or re-identify / re-match it); keeps its id, history and decisions',
      params: idParams,
      body: retryBody,
      bodyOptional: true,
      response: jobSchema,
      errors: [400, 404, 409],
      handler: async ({ params, body }) => wire(await deps.commands.retry(params.id, body?.from)),
    }),
    jobCommand(
      'post',
      '/api/jobs/:id/approve-all',
      'approveAll',
      'Accept the best candidate of every title waiting for review and continue',
      (id) => deps.commands.approveAll(id),
      'review',
    ),
  ];
}
