/**
 * Paths confined (issue 16, item 5), against the real service over HTTP: imports only from inside
 * staging_path or an IMPORT_ROOTS folder (real paths: a symlink cannot lead out), staging_path and
 * the library roots refuse `/`, the home folder, system folders and overlapping each other (400
 * naming the field, nothing stored), and every job records whose folder it works in and the
 * staging root it was created under, which a later change of staging_path does not touch.
 */
import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Tokens } from '../../core/src/container/tokens.ts';
import type { JobIntake } from '../../core/src/intake/job-intake.ts';
import { apiClient } from '../support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../support/service-harness.ts';

let root: string;
let staging: string;
let extraRoot: string;
let outside: string;
let t: TestService;
let api: ReturnType<typeof apiClient>;

async function mkvFolder(path: string): Promise<string> {
  await mkdir(path, { recursive: true });
  await writeFile(join(path, 'title_t00.mkv'), 'not really a matroska file');
  return path;
}

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'spindle-paths-')));
  staging = join(root, 'staging');
  extraRoot = join(root, 'rips');
  outside = join(root, 'private');
  for (const dir of [staging, extraRoot, outside, join(root, 'Movies'), join(root, 'TV')]) await mkdir(dir);
  t = await startTestService({
    config: {
      pipeline: EMPTY_PIPELINE,
      staging_path: staging,
      library_movies_path: join(root, 'Movies'),
      library_tv_path: join(root, 'TV'),
      staging_cleanup_policy: 'manual',
    },
    env: { IMPORT_ROOTS: extraRoot, DEBUG: 'true' },
  });
  api = apiClient(t.url);
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe('imports', () => {
  it('come from inside staging_path or IMPORT_ROOTS only, by real path', async () => {
    const personal = await mkvFolder(join(outside, 'HOME_VIDEOS'));
    const before = (await api.get('/api/jobs')).body.length;
    const refused = await api.post('/api/staging/import', { staging_path: personal });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'import_outside_roots',
      message: expect.stringMatching(/is not inside staging_path .*IMPORT_ROOTS/),
    });
    // A symlink inside staging_path that leads out is the folder it leads to.
    await symlink(personal, join(staging, 'LINK_OUT'));
    expect((await api.post('/api/staging/import', { staging_path: join(staging, 'LINK_OUT') })).body.error.code).toBe(
      'import_outside_roots',
    );
    // `..` cannot climb out either; staging_path itself is not an import.
    expect(
      (await api.post('/api/staging/import', { staging_path: `${staging}/../private/HOME_VIDEOS` })).body.error.code,
    ).toBe('import_outside_roots');
    expect((await api.post('/api/staging/import', { staging_path: staging })).body.error.code).toBe(
      'import_outside_roots',
    );
    // A folder that does not exist outside the roots says only that it is outside (no probing of the disk).
    expect(
      (await api.post('/api/staging/import', { staging_path: join(outside, 'nothing-here') })).body.error.code,
    ).toBe('import_outside_roots');
    expect((await api.get('/api/jobs')).body.length).toBe(before);
  });

  it('record the job as a person’s import with the root it lies in', async () => {
    const inStaging = await mkvFolder(join(staging, 'SHOW_S1_D1'));
    const a = await api.post('/api/staging/import', { staging_path: inStaging });
    expect(a.status).toBe(201);
    expect(await t.service.db.jobs.get(a.body.id)).toMatchObject({
      folderOrigin: 'import',
      stagingRoot: staging,
      sourcePath: inStaging,
    });

    const inExtra = await mkvFolder(join(extraRoot, 'MOVIE_D1'));
    const b = await api.post('/api/staging/import', { staging_path: inExtra });
    expect(b.status).toBe(201);
    expect(await t.service.db.jobs.get(b.body.id)).toMatchObject({ folderOrigin: 'import', stagingRoot: extraRoot });
  });

  it('from the DEBUG insert-disc-from-staging pass the same check', async () => {
    await mkvFolder(join(staging, 'SIM_FOLDER'));
    const res = await api.post('/api/simulate/insert-disc-from-staging', { folder_name: 'SIM_FOLDER' });
    expect(res.status).toBe(201);
    expect(await t.service.db.jobs.get(res.body.id)).toMatchObject({ folderOrigin: 'import', stagingRoot: staging });
    // The symlink that leads out of staging_path is refused here too.
    expect(
      (await api.post('/api/simulate/insert-disc-from-staging', { folder_name: 'LINK_OUT' })).body.error.code,
    ).toBe('import_outside_roots');
  });
});

describe('staging_path and the library roots', () => {
  const stored = () => t.service.db.config.readAll();

  it('refuse /, the home folder, system folders and overlapping folders with 400 naming the field; nothing is stored', async () => {
    const before = await stored();
    const cases: [string, string, RegExp][] = [
      ['staging_path', '/', /root of the file system/],
      ['staging_path', '/etc', /system folder/],
      ['library_movies_path', '/usr/share', /inside the system folder \/usr/],
      ['library_tv_path', '/var', /system folder/],
      ['staging_path', join(root, 'Movies'), /overlap/],
      ['library_tv_path', staging, /overlap/],
      ['library_movies_path', root, /overlap/],
    ];
    if (homedir() !== '/') cases.push(['staging_path', homedir(), /home folder/]);
    for (const [field, value, why] of cases) {
      const res = await api.put('/api/config', { transcoding_enabled: true, [field]: value });
      expect(res.status, `${field}=${value}`).toBe(400);
      expect(res.body.error, `${field}=${value}`).toMatchObject({
        code: 'invalid_config',
        message: expect.stringMatching(new RegExp(`"${field}".*${why.source}`)),
      });
    }
    // A symlink to a system folder is that system folder.
    await symlink('/etc', join(root, 'etc-link'));
    expect((await api.put('/api/config', { staging_path: join(root, 'etc-link') })).body.error.message).toMatch(
      /"staging_path".*\/etc is a system folder/,
    );
    expect(await stored()).toEqual(before);
  });

  it('changing staging_path leaves the root recorded on existing jobs as it was', async () => {
    const folder = await mkvFolder(join(staging, 'KEEP_ME'));
    const job = (await api.post('/api/staging/import', { staging_path: folder })).body;
    const intake = t.service.container.resolve<JobIntake>(Tokens.JobIntake);
    const disc = await intake.discInserted({ driveId: '/dev/sr7', volumeLabel: 'A_DISC', path: null }, false);
    expect(disc).toMatchObject({ folderOrigin: 'rip', stagingRoot: staging });

    const elsewhere = join(root, 'new-staging');
    await mkdir(elsewhere);
    expect((await api.put('/api/config', { staging_path: elsewhere })).status).toBe(200);
    expect(await t.service.db.jobs.get(job.id)).toMatchObject({ folderOrigin: 'import', stagingRoot: staging });
    expect(await t.service.db.jobs.get(disc.id)).toMatchObject({ folderOrigin: 'rip', stagingRoot: staging });
    // Imports now come from the new staging_path only (and IMPORT_ROOTS).
    expect(
      (await api.post('/api/staging/import', { staging_path: await mkvFolder(join(staging, 'AFTER')) })).body.error
        .code,
    ).toBe('import_outside_roots');
    expect((await api.put('/api/config', { staging_path: staging })).status).toBe(200);
  });
});
