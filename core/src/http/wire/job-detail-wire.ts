/**
 * A job with everything its page shows: titles, typed identification answers and disc mappings,
 * the timeline, and the job's review list (`reviews`: the job-level question, then each title's).
 * Served by GET /api/jobs/:id/detail and, page by page, by GET /api/review.
 */
import { REVIEW_KINDS, type JobEventRecord, type JobRecord, type TitleRecord } from '../../persistence/records.ts';
import { TITLE_REVIEW_KINDS } from '../../jobs/title-review.ts';
import { JOB_STATES } from '../../jobs/job-state-machine.ts';
import type { JobRepository, TitleRepository } from '../../persistence/ports.ts';
import { parseMappings } from '../../pipeline/job-view.ts';
import {
  identificationSchema,
  mappingSchema,
  titleReviewSchema,
  toIdentificationWire,
  toMappingsWire,
  toReviewWire,
} from './detail-wire.ts';
import { jobSchema, toJobWire } from './job-wire.ts';
import { titleSchema, toTitleWire } from './title-wire.ts';

/** The job's review as a list: what the job as a whole waits for, then every title waiting in review. */
export function jobReviews(job: JobRecord, titles: readonly TitleRecord[]) {
  if (job.state !== 'review_needed') return [];
  const whole = job.reviewKind
    ? [
        {
          scope: 'job' as const,
          kind: job.reviewKind as string,
          message: job.reviewReason ?? '',
          title_id: null,
          title_index: null,
          review: null,
        },
      ]
    : [];
  const perTitle = titles
    .filter((t) => t.state === 'review' && t.review !== null)
    .map((t) => ({
      scope: 'title' as const,
      kind: t.review!.kind as string,
      message: t.review!.message,
      title_id: t.id as number | null,
      title_index: t.titleIndex as number | null,
      review: toReviewWire(t.review),
    }));
  return [...whole, ...perTitle];
}

export function toJobDetailWire(job: JobRecord, titles: readonly TitleRecord[], timeline: readonly JobEventRecord[]) {
  return {
    ...toJobWire(job, titles),
    titles: titles.map(toTitleWire),
    reviews: jobReviews(job, titles),
    disc_mappings: toMappingsWire(parseMappings(job.discMappingsJson)),
    identification: toIdentificationWire(job.identificationJson),
    timeline: timeline.map((e) => ({ at: e.at.toISOString(), from: e.fromState, to: e.toState, message: e.message })),
  };
}

/** Reads a job's titles and timeline and gives its detail. */
export async function loadJobDetail(
  job: JobRecord,
  from: { jobs: Pick<JobRepository, 'timeline'>; titles: Pick<TitleRepository, 'listByJob'> },
) {
  const [titles, timeline] = await Promise.all([from.titles.listByJob(job.id), from.jobs.timeline(job.id)]);
  return toJobDetailWire(job, titles, timeline);
}

const jobReviewSchema = {
  type: 'object',
  required: ['scope', 'kind', 'message', 'title_id', 'title_index', 'review'],
  properties: {
    scope: { enum: ['job', 'title'] },
    kind: {
      enum: [...REVIEW_KINDS, ...TITLE_REVIEW_KINDS],
      description: 'scope job: the review_kind; scope title: the title review kind',
    },
    message: { type: 'string', description: 'words for people' },
    title_id: { type: ['integer', 'null'] },
    title_index: { type: ['integer', 'null'] },
    review: titleReviewSchema,
  },
} as const;

export const jobDetailSchema = {
  allOf: [jobSchema],
  type: 'object',
  required: ['titles', 'reviews', 'disc_mappings', 'identification', 'timeline'],
  properties: {
    titles: { type: 'array', items: titleSchema },
    reviews: {
      type: 'array',
      items: jobReviewSchema,
      description: 'the job-level question, then each title waiting in review (empty when not in review)',
    },
    disc_mappings: {
      type: ['array', 'null'],
      items: mappingSchema,
      description: "the disc lookup's title-to-episode mappings",
    },
    identification: identificationSchema,
    timeline: {
      type: 'array',
      items: {
        type: 'object',
        required: ['at', 'from', 'to', 'message'],
        properties: {
          at: { type: 'string', format: 'date-time' },
          from: { enum: [...JOB_STATES, null] },
          to: { enum: JOB_STATES },
          message: { type: ['string', 'null'] },
        },
      },
    },
  },
} as const;
