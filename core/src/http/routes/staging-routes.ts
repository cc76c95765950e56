/** POST /api/staging/import: a job from a folder of MKV files (available without DEBUG). */
import type { JobIntake } from '../../intake/job-intake.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';
import { jobSchema, toJobWire } from '../wire/job-wire.ts';

interface ImportBody {
  staging_path: string;
  volume_label?: string;
  content_type?: 'tv' | 'movie';
  detected_title?: string;
  detected_season?: number;
  disc_number?: number;
  catalog_id?: number;
  mode?: 'move' | 'copy';
  ask_which_titles?: boolean;
}

export function stagingRoutes(intake: JobIntake): RouteSpec[] {
  return [
    defineRoute<Record<string, never>, Record<string, never>, ImportBody>({
      method: 'post',
      path: '/api/staging/import',
      tag: 'jobs',
      operationId: 'importStaging',
      status: 201,
      summary: 'Create a job from a folder of MKV files; a stated content type and title win over identification',
      body: {
        type: 'object',
        required: ['staging_path'],
        additionalProperties: false,
        properties: {
          staging_path: { type: 'string', minLength: 1, maxLength: 4096 },
          volume_label: { type: 'string', minLength: 1, maxLength: 200 },
          content_type: { enum: ['tv', 'movie'] },
          detected_title: { type: 'string', minLength: 1, maxLength: 300 },
          detected_season: { type: 'integer', minimum: 0, maximum: 1000 },
          disc_number: { type: 'integer', minimum: 1, maximum: 1000 },
          catalog_id: { type: 'integer', minimum: 1 },
          mode: {
            enum: ['move', 'copy'],
            description:
              'copy (default): the files are copied into the library (hardlinked on the same file system) and the folder stays whole; move: they leave the folder',
          },
          ask_which_titles: {
            type: 'boolean',
            description:
              'true: this job stops in review once identified, with every title listed, and rips only the titles a person ticks (as the ask_which_titles_to_rip setting does for every job)',
          },
        },
      },
      response: jobSchema,
      errors: [400, 409],
      handler: async ({ body }) =>
        toJobWire(
          await intake.importFolder({
            path: body.staging_path,
            volumeLabel: body.volume_label ?? null,
            contentType: body.content_type ?? null,
            detectedTitle: body.detected_title ?? null,
            detectedSeason: body.content_type === 'movie' ? null : (body.detected_season ?? null),
            discNumber: body.disc_number ?? null,
            catalogId: body.catalog_id ?? null,
            mode: body.mode ?? 'copy',
            askTitles: body.ask_which_titles === true,
          }),
        ),
    }),
  ];
}
