/** DEBUG-only simulation endpoints (404 unless DEBUG=true). */
import type { DiscSimulator } from '../../simulation/disc-simulator.ts';
import { defineRoute, idParams, type RouteSpec } from '../route-spec.ts';
import { jobSchema, toJobWire } from '../wire/job-wire.ts';

interface InsertBody {
  volume_label: string;
  content_type?: 'tv' | 'movie';
  simulate_ripping?: boolean;
  rip_speed_multiplier?: number;
  drive_id?: string;
}

export function simulationRoutes(simulator: DiscSimulator): RouteSpec[] {
  return [
    defineRoute<Record<string, never>, Record<string, never>, InsertBody>({
      method: 'post',
      path: '/api/simulate/insert-disc',
      tag: 'simulation',
      operationId: 'simulateInsertDisc',
      debugOnly: true,
      status: 201,
      summary: 'Create a simulated disc job; with simulate_ripping it runs to completion with fake titles and progress',
      body: {
        type: 'object',
        required: ['volume_label'],
        additionalProperties: false,
        properties: {
          volume_label: { type: 'string', minLength: 1, maxLength: 200 },
          content_type: { enum: ['tv', 'movie'] },
          simulate_ripping: { type: 'boolean' },
          rip_speed_multiplier: { type: 'number', exclusiveMinimum: 0, maximum: 10000 },
          drive_id: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
      response: jobSchema,
      handler: async ({ body }) =>
        toJobWire(
          await simulator.insertDisc({
            volumeLabel: body.volume_label,
            contentType: body.content_type ?? 'tv',
            simulateRipping: body.simulate_ripping ?? true,
            ripSpeedMultiplier: body.rip_speed_multiplier ?? 1,
            driveId: body.drive_id ?? null,
          }),
        ),
    }),
    defineRoute<Record<string, never>, { drive_id: string }>({
      method: 'post',
      path: '/api/simulate/remove-disc',
      tag: 'simulation',
      operationId: 'simulateRemoveDisc',
      debugOnly: true,
      summary: 'Eject a simulated disc (drive_id URL-encoded in the query)',
      query: {
        type: 'object',
        required: ['drive_id'],
        additionalProperties: false,
        properties: { drive_id: { type: 'string', minLength: 1, maxLength: 200 } },
      },
      response: {
        type: 'object',
        properties: { drive_id: { type: 'string' }, failed_job_ids: { type: 'array', items: { type: 'integer' } } },
      },
      handler: ({ query }) => simulator.removeDisc(query.drive_id),
    }),
    defineRoute<{ id: number }>({
      method: 'post',
      path: '/api/simulate/advance-job/:id',
      tag: 'simulation',
      operationId: 'simulateAdvanceJob',
      debugOnly: true,
      summary: 'Move a job to the next state of the happy path',
      params: idParams,
      response: jobSchema,
      errors: [404, 409],
      handler: async ({ params }) => toJobWire(await simulator.advance(params.id)),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/simulate/reset-all-jobs',
      tag: 'simulation',
      operationId: 'simulateResetAllJobs',
      debugOnly: true,
      summary: 'Delete every job and title',
      response: { type: 'object', properties: { deleted: { type: 'integer' } } },
      handler: () => simulator.resetAll(),
    }),
    defineRoute<Record<string, never>, Record<string, never>, { folder_name?: string } | undefined>({
      method: 'post',
      path: '/api/simulate/insert-disc-from-staging',
      tag: 'simulation',
      operationId: 'simulateInsertFromStaging',
      debugOnly: true,
      status: 201,
      summary: 'Create a job from a folder of MKV files inside staging_path (the first one, or the named one)',
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { folder_name: { type: 'string', minLength: 1, maxLength: 255 } },
      },
      bodyOptional: true,
      response: jobSchema,
      errors: [400, 409],
      handler: async ({ body }) => toJobWire(await simulator.insertFromStaging(body?.folder_name ?? null)),
    }),
  ];
}
