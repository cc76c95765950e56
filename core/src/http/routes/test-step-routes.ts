/** DEBUG-only: run one step (subtitle download, transcription, matching) on given inputs. */
import type { StepProbes } from '../../pipeline/step-probes.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

export function testStepRoutes(probes: StepProbes): RouteSpec[] {
  return [
    defineRoute<
      Record<string, never>,
      Record<string, never>,
      { catalog_id?: number; title?: string; season?: number; episode?: number; language?: string }
    >({
      method: 'post',
      path: '/api/test/subtitles',
      tag: 'simulation',
      operationId: 'testSubtitles',
      debugOnly: true,
      summary: 'Ask every configured subtitle provider for one episode (or movie) and show what came back',
      body: {
        type: 'object',
        additionalProperties: false,
        anyOf: [{ required: ['catalog_id'] }, { required: ['title'] }],
        properties: {
          catalog_id: { type: 'integer', minimum: 1 },
          title: { type: 'string', minLength: 1, maxLength: 300 },
          season: { type: 'integer', minimum: 0, maximum: 1000 },
          episode: { type: 'integer', minimum: 0, maximum: 10000 },
          language: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$' },
        },
      },
      response: { type: 'object', properties: { results: { type: 'array', items: { type: 'object' } } } },
      errors: [409],
      handler: ({ body }) =>
        probes.subtitles({
          catalogId: body.catalog_id ?? null,
          title: body.title ?? null,
          season: body.season ?? null,
          episode: body.episode ?? null,
          language: body.language ?? 'en',
        }),
    }),
    defineRoute<
      Record<string, never>,
      Record<string, never>,
      { path: string; offset_seconds?: number; seconds?: number; language?: string }
    >({
      method: 'post',
      path: '/api/test/transcribe',
      tag: 'simulation',
      operationId: 'testTranscribe',
      debugOnly: true,
      summary: 'Transcribe a stretch of a media file with the configured speech recognizer',
      body: {
        type: 'object',
        required: ['path'],
        additionalProperties: false,
        properties: {
          path: { type: 'string', minLength: 1, maxLength: 4096 },
          offset_seconds: { type: 'number', minimum: 0 },
          seconds: { type: 'number', exclusiveMinimum: 0, maximum: 600 },
          language: { type: 'string', pattern: '^[a-z]{2}(-[a-z]{2})?$' },
        },
      },
      response: {
        type: 'object',
        properties: { text: { type: 'string' }, model: { type: 'string' }, elapsed_ms: { type: 'integer' } },
      },
      errors: [409],
      handler: ({ body }) =>
        probes.transcribe({
          path: body.path,
          offsetSeconds: body.offset_seconds ?? 0,
          seconds: body.seconds ?? 30,
          language: body.language ?? 'en',
        }),
    }),
    defineRoute<Record<string, never>, Record<string, never>, { job_id: number; title_id: number }>({
      method: 'post',
      path: '/api/test/match',
      tag: 'simulation',
      operationId: 'testMatch',
      debugOnly: true,
      summary: "Every configured matcher's answer for one title of a job, with score components (nothing is stored)",
      body: {
        type: 'object',
        required: ['job_id', 'title_id'],
        additionalProperties: false,
        properties: { job_id: { type: 'integer', minimum: 1 }, title_id: { type: 'integer', minimum: 1 } },
      },
      response: {
        type: 'object',
        properties: { references: { type: 'integer' }, results: { type: 'array', items: { type: 'object' } } },
      },
      errors: [404],
      handler: ({ body }) => probes.match(body.job_id, body.title_id),
    }),
  ];
}
