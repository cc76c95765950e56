/** A job as the reliability tests read it, and the wait for it to settle (done, failed or waiting for a person). */
import { eventually, type apiClient } from '../../support/http-client.ts';

export interface Wire {
  id: number;
  state: string;
  error_message: string | null;
  review_reason: string | null;
  [k: string]: unknown;
}

/** Polls GET /api/jobs/:id until the job is completed, failed or in review; that answer's body. */
export async function settledJob(api: ReturnType<typeof apiClient>, id: number, timeoutMs: number): Promise<Wire> {
  return (
    await eventually(
      () => api.get<Wire>(`/api/jobs/${id}`),
      (r) => ['completed', 'failed', 'review_needed'].includes(r.body.state),
      timeoutMs,
    )
  ).body;
}
