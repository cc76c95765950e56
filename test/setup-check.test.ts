/**
 * POST /api/setup/check against a real service with the MakeMKV replay stand-in as makemkvcon
 * (RIPPER_PATH), the real ffmpeg and a local TMDB stand-in: ready only when everything needed
 * works (test writes in real folders, MakeMKV's version and licence from its robot output, the
 * token accepted by the stand-in); a token TMDB refuses and an expired MakeMKV make it not ready,
 * each named with where to fix it.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_TOKEN, startTmdbServer, type TmdbServer } from '../plugins/provider-tmdb/test/support/tmdb-server.ts';
import { apiClient } from './support/http-client.ts';
import { createMakemkvReplay } from './support/makemkv-replay.ts';
import { startTestService, type TestService } from './support/service-harness.ts';

vi.setConfig({ testTimeout: 60_000 });

let root: string;
let tmdb: TmdbServer;
const services: TestService[] = [];

interface Check {
  id: string;
  state: string;
  detail: string;
  fix: string | null;
  version: string | null;
  license: string | null;
}

async function serviceWith(options: {
  license?: 'ok' | 'expired';
  token: string;
}): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const dir = await mkdtemp(join(root, 'case-'));
  const replay = await createMakemkvReplay(
    join(dir, 'makemkv'),
    options.license === 'expired' ? { license: 'expired' } : {},
  );
  const folders = {
    staging_path: join(dir, 'staging'),
    library_movies_path: join(dir, 'Movies'),
    library_tv_path: join(dir, 'TV'),
  };
  for (const path of Object.values(folders)) await mkdir(path);
  const svc = await startTestService({
    env: { RIPPER_PATH: replay.path },
    config: {
      ...folders,
      catalog_api_key: options.token,
      pipeline: { detectors: [] },
      plugin_settings: { 'provider-tmdb': { base_url: tmdb.url, max_retries: 0 } },
    },
  });
  services.push(svc);
  const answer = await apiClient(svc.url).post('/api/setup/check');
  expect(answer.status).toBe(200);
  for (const path of Object.values(folders)) expect(await readdir(path)).toEqual([]); // the test files are gone
  const body = answer.body as { ready: boolean; checks: Check[] };
  return { ready: body.ready, checks: Object.fromEntries(body.checks.map((c) => [c.id, c])) };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-setup-check-'));
  tmdb = await startTmdbServer();
});

afterAll(async () => {
  for (const svc of services) await svc.close();
  await tmdb?.close();
  await rm(root, { recursive: true, force: true });
});

describe('POST /api/setup/check', () => {
  it('is ready when the folders take a test write, MakeMKV and ffmpeg run, and TMDB accepts the token', async () => {
    const { ready, checks } = await serviceWith({ token: SAMPLE_TOKEN });
    expect(Object.values(checks).filter((c) => c.state !== 'ok')).toEqual([]);
    expect(ready).toBe(true);
    expect(checks.ripper!.version).toMatch(/^\d+\.\d+/);
    expect(['registered', 'evaluation']).toContain(checks.ripper!.license);
    expect(checks.ripper!.detail).toContain(`MakeMKV ${checks.ripper!.version}`);
    expect(checks.media_tool!.version).toBeTruthy();
    expect(checks.catalog!.detail).toBe('the key works');
    expect(tmdb.requests.at(-1)!.authorization).toBe(`Bearer ${SAMPLE_TOKEN}`);
  });

  it('is not ready when TMDB refuses the token and MakeMKV has expired', async () => {
    const refused = `${SAMPLE_TOKEN}x`;
    const { ready, checks } = await serviceWith({ token: refused, license: 'expired' });
    expect(ready).toBe(false);
    expect(checks.catalog).toMatchObject({ state: 'problem' });
    expect(checks.catalog!.fix).toContain('TMDB API Read Access Token');
    expect(checks.ripper).toMatchObject({ state: 'problem', license: 'expired' });
    expect(checks.ripper!.fix).toContain('latest MakeMKV');
    expect(JSON.stringify(checks)).not.toContain(refused);
  });
});
