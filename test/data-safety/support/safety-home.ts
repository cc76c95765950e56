/**
 * A home for one data-safety test file: a temp root with a staging folder and a TV/Movies library,
 * and the real service started on it with the given configuration on top of those folders.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient } from '../../support/http-client.ts';
import { startTestService, type TestService } from '../../support/service-harness.ts';

export interface SafetyHome {
  root: string;
  staging: string;
  library: string;
  dataDir: string;
  svc: TestService;
  api: ReturnType<typeof apiClient>;
}

export async function startSafetyHome(name: string, config: Record<string, unknown>): Promise<SafetyHome> {
  const root = await mkdtemp(join(tmpdir(), `spindle-safety-${name}-`));
  const staging = join(root, 'staging');
  const library = join(root, 'library');
  const dataDir = join(root, 'data');
  for (const dir of [staging, join(library, 'TV'), join(library, 'Movies'), dataDir])
    await mkdir(dir, { recursive: true });
  const svc = await startTestService({
    dataDir,
    config: {
      staging_path: staging,
      library_tv_path: join(library, 'TV'),
      library_movies_path: join(library, 'Movies'),
      ...config,
    },
  });
  return { root, staging, library, dataDir, svc, api: apiClient(svc.url) };
}
