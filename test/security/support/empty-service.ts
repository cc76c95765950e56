/** A test service with an empty pipeline (nothing runs on its own) and its API client, for a block of request tests. */
import { apiClient } from '../../support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../support/service-harness.ts';

export async function startEmptyService(): Promise<{ t: TestService; api: ReturnType<typeof apiClient> }> {
  const t = await startTestService({ config: { pipeline: EMPTY_PIPELINE } });
  return { t, api: apiClient(t.url) };
}
