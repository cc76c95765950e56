/**
 * POST /api/jobs/{id}/retry of the issue-15 contract, called through the shared runtime until the
 * service that answers it is what the generated client is made from (then `retryJob` of
 * generated.ts replaces this file).
 */
import type { Job } from './generated.ts';
import type { RetryFrom } from './outcome-shapes.ts';
import { request, type RequestOptions } from './runtime.ts';

export function retryJob(params: { id: number }, body?: { from?: RetryFrom }, options: RequestOptions = {}): Promise<Job> {
  return request<Job>({ method: 'POST', path: `/api/jobs/${encodeURIComponent(String(params.id))}/retry`, ...(body ? { body } : {}), ...options });
}
