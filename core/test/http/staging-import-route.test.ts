/** Importing a staging folder as a job through the jobs API, and the paths it refuses. */
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api, useJobsApi } from './support/jobs-api.ts';

useJobsApi();

describe('jobs API', () => {
  it('imports a staging folder (201) and rejects missing, non-folder and MKV-less paths (400)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'spindle-import-'));
    const folder = join(root, 'My_Show_S1');
    await mkdir(folder);
    // Imports come only from inside staging_path (or IMPORT_ROOTS): before it is set, none is accepted.
    expect((await api.post('/api/staging/import', { staging_path: folder })).body.error.code).toBe(
      'import_outside_roots',
    );
    expect((await api.put('/api/config', { staging_path: root })).status).toBe(200);
    expect((await api.post('/api/staging/import', { staging_path: folder })).body.error.message).toContain(
      'contains no .mkv files',
    );
    await writeFile(join(folder, 'a.mkv'), 'x');
    expect((await api.post('/api/staging/import', { staging_path: join(root, 'nope') })).body.error.code).toBe(
      'staging_path_missing',
    );
    expect((await api.post('/api/staging/import', { staging_path: join(folder, 'a.mkv') })).body.error.code).toBe(
      'staging_path_not_folder',
    );
    expect((await api.post('/api/staging/import', {})).status).toBe(400);
    expect((await api.post('/api/staging/import', { staging_path: folder, content_type: 'cartoon' })).status).toBe(400);
    const ok = await api.post('/api/staging/import', {
      staging_path: folder,
      content_type: 'tv',
      detected_title: 'My Show',
      detected_season: 1,
    });
    expect(ok).toMatchObject({
      status: 201,
      body: {
        volume_label: 'My_Show_S1',
        content_type: 'tv',
        detected_title: 'My Show',
        detected_season: 1,
        identity_declared: true,
        source_kind: 'folder',
      },
    });
    expect((await api.put('/api/config', { staging_path: null })).status).toBe(200);
  });
});
