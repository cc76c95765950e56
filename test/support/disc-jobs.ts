/** A disc job in a test service the way a drive detector makes it: created for a drive, and started. */
import type { TestService } from './service-harness.ts';

/** A job for the disc in `driveId`, as a drive detector creates it, started; returns its id. */
export async function startDiscJob(
  svc: TestService,
  fields: {
    driveId: string;
    volumeLabel: string;
    contentType?: 'movie';
    detectedTitle?: string;
    identityDeclared?: boolean;
  },
): Promise<number> {
  const job = await svc.service.jobService.create({ sourceKind: 'disc', sourcePath: null, ...fields });
  svc.service.runner.start(job.id);
  return job.id;
}
