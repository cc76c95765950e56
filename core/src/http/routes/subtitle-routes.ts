/** POST /api/jobs/{id}/subtitles: SRT files for the episodes the subtitle sources could not provide. */
import type { JobCommands } from '../../jobs/job-commands.ts';
import { defineRoute, idParams, type RouteSpec } from '../route-spec.ts';
import { jobSchema, toJobWire } from '../wire/job-wire.ts';

interface UploadBody {
  files: { episode_code: string; srt: string }[];
}

export function subtitleRoutes(commands: JobCommands): RouteSpec[] {
  return [
    defineRoute<{ id: number }, Record<string, never>, UploadBody>({
      method: 'post',
      path: '/api/jobs/:id/subtitles',
      tag: 'jobs',
      operationId: 'uploadSubtitles',
      summary: 'Add reference subtitles (SRT text per episode) to a TV job, e.g. when the download quota is spent',
      params: idParams,
      maxBodyBytes: 16 * 1024 * 1024,
      body: {
        type: 'object',
        required: ['files'],
        additionalProperties: false,
        properties: {
          files: {
            type: 'array',
            minItems: 1,
            maxItems: 200,
            items: {
              type: 'object',
              required: ['episode_code', 'srt'],
              additionalProperties: false,
              properties: {
                episode_code: { type: 'string', pattern: '^S\\d{2}E\\d{2,3}$' },
                srt: { type: 'string', minLength: 1, maxLength: 2_000_000 },
              },
            },
          },
        },
      },
      response: jobSchema,
      errors: [404, 409],
      handler: async ({ params, body }) =>
        toJobWire(
          await commands.addSubtitles(
            params.id,
            body.files.map((f) => ({ episodeCode: f.episode_code, srt: f.srt })),
          ),
        ),
    }),
  ];
}
