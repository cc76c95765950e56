/**
 * POST /api/jobs/{id}/identify: the user says what the disc is. The declared identity wins over
 * every identifier and the job never stops for classification review ("name it, then walk
 * away"). A job waiting in review for its identification goes back to identifying, so the catalog
 * id (or title) is looked up as declared and ripping follows; a job further along keeps going
 * with the new name; a finished or organizing job refuses (409).
 */
import { ConflictError, InputError } from '@spindle/plugin-sdk';
import type { JobPatch, JobRecord } from '../persistence/records.ts';
import type { PipelineRunner } from '../pipeline/pipeline-runner.ts';
import type { JobService } from './job-service.ts';
import { isTerminal } from './job-state-machine.ts';

export interface DeclaredIdentity {
  contentType: 'tv' | 'movie';
  catalogId: number | null;
  detectedTitle: string | null;
  detectedSeason: number | null;
  detectedYear: number | null;
  discNumber: number | null;
}

/** States in which identification has not happened yet (or is happening now). */
const BEFORE_IDENTIFICATION = new Set(['idle', 'identifying']);

function describe(d: DeclaredIdentity): string {
  const what = d.detectedTitle ? `"${d.detectedTitle}"` : `catalog id ${d.catalogId}`;
  const season = d.contentType === 'tv' && d.detectedSeason !== null ? `, season ${d.detectedSeason}` : '';
  const disc = d.discNumber !== null ? `, disc ${d.discNumber}` : '';
  return `identity declared: ${d.contentType} ${what}${season}${disc}`;
}

export class IdentityDeclarations {
  constructor(private readonly deps: { jobService: JobService; runner: PipelineRunner }) {}

  async declare(id: number, declared: DeclaredIdentity): Promise<JobRecord> {
    const title = declared.detectedTitle?.trim() || null;
    const d: DeclaredIdentity = { ...declared, detectedTitle: title };
    if (d.catalogId === null && d.detectedTitle === null) {
      throw new InputError(
        'identity_incomplete',
        'Say which show or movie it is: send catalog_id or detected_title (or both)',
      );
    }
    if (d.contentType === 'movie' && d.detectedSeason !== null) {
      throw new InputError('season_for_movie', 'detected_season is for TV discs only; leave it out for a movie');
    }
    const job = await this.deps.jobService.require(id);
    if (isTerminal(job.state))
      throw new ConflictError('job_finished', `Job ${id} is already ${job.state}; its identity can no longer change`);
    if (job.state === 'organizing') {
      throw new ConflictError(
        'job_organizing',
        `Job ${id} is organizing: its files are being filed under the current name; wait until it has finished`,
      );
    }
    const identifiesAgain =
      BEFORE_IDENTIFICATION.has(job.state) || (job.state === 'review_needed' && job.resumeState === 'ripping');
    const sameEntry = d.catalogId !== null ? d.catalogId === job.catalogId : d.detectedTitle === job.detectedTitle;
    if (!identifiesAgain && d.detectedTitle === null && !sameEntry) {
      throw new ConflictError(
        'title_required',
        `Job ${id} is past identification, so catalog id ${d.catalogId} cannot be looked up any more; send detected_title with it`,
      );
    }
    const patch: JobPatch = {
      identityDeclared: true,
      contentType: d.contentType,
      detectedTitle: d.detectedTitle ?? (sameEntry ? job.detectedTitle : null),
      catalogId: d.catalogId ?? (sameEntry ? job.catalogId : null),
      catalogTitle: sameEntry ? job.catalogTitle : null,
      detectedYear: d.detectedYear ?? (sameEntry ? job.detectedYear : null),
      detectedSeason: d.contentType === 'tv' ? (d.detectedSeason ?? (sameEntry ? job.detectedSeason : null)) : null,
      discNumber: d.discNumber ?? job.discNumber,
    };
    if (job.state === 'review_needed' && job.resumeState === 'ripping') {
      // It was waiting to be told what it is: identify again with the declared identity, then rip.
      const moved = await this.deps.jobService.transition(id, 'identifying', {
        patch: { ...patch, reviewReason: null, resumeState: null },
        message: describe(d),
      });
      this.deps.runner.start(id);
      return moved;
    }
    return this.deps.jobService.update(id, patch);
  }
}
