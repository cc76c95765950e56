/**
 * Server-level stays server-level (issue 16, item 4), against the real service over HTTP: the
 * settings that name code or an executable (plugins_path, ripper_path, media_tool_path, plugin
 * settings marked `x-spindle-server-level`) cannot be changed through PUT /api/config (400 naming
 * the field, nothing stored), GET reports them read-only with the variable and command that set
 * them, the environment and `spindle config set --local` do set them; and the tool check routes
 * never run a file named in a body unless it passes the checks (a sentinel that writes a file
 * when run proves it).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, writeConfig, type TestService } from '../support/service-harness.ts';
import { startEmptyService } from './support/empty-service.ts';

const TSX_CLI = createRequire(import.meta.url).resolve('tsx/cli');
const MAIN = fileURLToPath(new URL('../../core/src/cli/main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../..', import.meta.url));

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-server-level-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A script that writes `marker` when it is run (and prints what `banner` says). */
async function sentinel(
  dir: string,
  name: string,
  marker: string,
  banner = 'ffmpeg version 9.9-sentinel Copyright',
  mode = 0o755,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, name);
  await writeFile(file, `#!/bin/sh\necho ran >> '${marker}'\necho '${banner}'\n`);
  await chmod(file, mode);
  return file;
}

describe('server-level settings through the API', () => {
  let t: TestService;
  let api: ReturnType<typeof apiClient>;
  let pluginsDir: string;
  let ripper: string;
  beforeAll(async () => {
    pluginsDir = join(root, 'plugins');
    await mkdir(pluginsDir);
    ripper = await sentinel(join(root, 'bin'), 'makemkvcon', join(root, 'never'));
    t = await startTestService({
      config: {
        pipeline: EMPTY_PIPELINE,
        plugin_settings: {
          'transcriber-pocketsphinx': { binary: '/usr/bin/pocketsphinx_continuous', timeout_seconds: 60 },
        },
      },
    });
    api = apiClient(t.url);
  });
  afterAll(() => t.close());

  const stored = () => t.service.db.config.readAll();

  it('refuses plugins_path, ripper_path and media_tool_path with 400 naming the field and how to set it; stores nothing', async () => {
    const before = await stored();
    for (const [field, value, variable] of [
      ['plugins_path', pluginsDir, 'SPINDLE_PLUGINS_DIR'],
      ['ripper_path', ripper, 'RIPPER_PATH'],
      ['media_tool_path', ripper, 'MEDIA_TOOL_PATH'],
    ] as const) {
      const res = await api.put('/api/config', { transcoding_enabled: true, [field]: value });
      expect(res.status, field).toBe(400);
      expect(res.body.error.code).toBe('invalid_config');
      expect(res.body.error.message).toContain(`"${field}" is a server-level setting`);
      expect(res.body.error.message).toContain(`${variable}=`);
      expect(res.body.error.message).toContain(`spindle config set --local ${field}`);
    }
    expect(await stored()).toEqual(before);
    expect(t.service.config.get()).toMatchObject({
      plugins_path: null,
      ripper_path: null,
      media_tool_path: null,
      transcoding_enabled: false,
    });
  });

  it('refuses a changed server-level plugin setting, keeps it when left out, and accepts it sent back unchanged', async () => {
    const before = await stored();
    const changed = await api.put('/api/config', {
      plugin_settings: { 'transcriber-pocketsphinx': { binary: join(root, 'bin', 'evil'), timeout_seconds: 60 } },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.error.message).toContain(
      '"plugin_settings.transcriber-pocketsphinx.binary" is a server-level setting',
    );
    const added = await api.put('/api/config', {
      plugin_settings: { 'detector-linux-drive': { tool_search_path: join(root, 'bin') } },
    });
    expect(added.status).toBe(400);
    expect(added.body.error.message).toContain(
      '"plugin_settings.detector-linux-drive.tool_search_path" is a server-level setting',
    );
    expect(await stored()).toEqual(before);

    // Left out: kept as stored; the other settings change.
    const leftOut = await api.put('/api/config', {
      plugin_settings: { 'transcriber-pocketsphinx': { timeout_seconds: 90 } },
    });
    expect(leftOut.status).toBe(200);
    expect(leftOut.body.plugin_settings['transcriber-pocketsphinx']).toEqual({
      binary: '/usr/bin/pocketsphinx_continuous',
      timeout_seconds: 90,
    });
    // The whole GET answer sent back is accepted (unchanged server-level values, read_only ignored).
    const whole = (await api.get('/api/config')).body;
    expect((await api.put('/api/config', whole)).status).toBe(200);
  });

  it('reports them read-only in GET /api/config with the variable and the command that set them', async () => {
    const res = await api.get('/api/config');
    const byField = Object.fromEntries((res.body.read_only as { field: string }[]).map((r) => [r.field, r]));
    expect(byField.ripper_path).toEqual({
      field: 'ripper_path',
      env: 'RIPPER_PATH',
      command: 'spindle config set --local ripper_path /usr/bin/makemkvcon',
      source: 'default',
    });
    expect(byField.plugins_path).toMatchObject({ env: 'SPINDLE_PLUGINS_DIR', source: 'default' });
    expect(byField['plugin_settings.transcriber-pocketsphinx.binary']).toMatchObject({
      env: null,
      source: 'stored',
      command: expect.stringContaining('spindle config set --local plugin_settings.transcriber-pocketsphinx.binary'),
    });
    expect(byField['plugin_settings.detector-linux-drive.tool_search_path']).toMatchObject({ source: 'default' });
    expect(byField['plugin_settings.transcriber-whisper.build_cache_dir']).toBeDefined();
    const doc = (await api.get('/api/openapi.json')).body;
    expect(
      doc.paths['/api/config'].get.responses['200'].content['application/json'].schema.properties.ripper_path.readOnly,
    ).toBe(true);
  });
});

describe('setting them on the machine', () => {
  it('takes RIPPER_PATH and MEDIA_TOOL_PATH from the environment (they win over stored values)', async () => {
    const ripper = await sentinel(join(root, 'env-bin'), 'makemkvcon', join(root, 'env-never'));
    const t = await startTestService({
      config: { pipeline: EMPTY_PIPELINE, media_tool_path: '/usr/bin/ffmpeg' },
      env: { RIPPER_PATH: ripper, MEDIA_TOOL_PATH: '/opt/ffmpeg/bin/ffmpeg' },
    });
    try {
      const res = await apiClient(t.url).get('/api/config');
      expect(res.body).toMatchObject({ ripper_path: ripper, media_tool_path: '/opt/ffmpeg/bin/ffmpeg' });
      expect(res.body.read_only.find((r: { field: string }) => r.field === 'ripper_path').source).toBe('environment');
    } finally {
      await t.close();
    }
  });

  it('`spindle config set --local` writes server-level settings into this machine’s database', async () => {
    const dataDir = join(root, 'local-data');
    await mkdir(dataDir);
    await writeConfig(dataDir, { pipeline: EMPTY_PIPELINE });
    const ripper = await sentinel(join(root, 'local-bin'), 'makemkvcon', join(root, 'local-never'));
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        // Run from the install folder (where its .env would be), as the owner does on the machine.
        const child = spawn(process.execPath, [TSX_CLI, MAIN, ...args], {
          cwd: REPO,
          env: { ...process.env, SPINDLE_DATA_DIR: dataDir },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        child.stdout.on('data', (c: Buffer) => (out += c.toString()));
        child.stderr.on('data', (c: Buffer) => (out += c.toString()));
        child.on('exit', (code) => resolve({ code, out }));
      });
    expect(await run(['config', 'set', '--local', 'ripper_path', ripper])).toEqual({
      code: 0,
      out: 'ripper_path stored in the local database. Restart Spindle for it to take effect.\n',
    });
    expect(
      (
        await run([
          'config',
          'set',
          '--local',
          'plugin_settings.transcriber-pocketsphinx.binary',
          '/usr/local/bin/pocketsphinx_continuous',
        ])
      ).code,
    ).toBe(0);
    const bad = await run(['config', 'set', '--local', 'ripper_path', join(root, 'missing')]);
    expect(bad.code).toBe(3);
    expect(bad.out).toMatch(/"ripper_path".*does not exist/);
    const t = await startTestService({ dataDir });
    try {
      const res = await apiClient(t.url).get('/api/config');
      expect(res.body.ripper_path).toBe(ripper);
      expect(res.body.plugin_settings['transcriber-pocketsphinx'].binary).toBe(
        '/usr/local/bin/pocketsphinx_continuous',
      );
    } finally {
      await t.close();
    }
  });
});

describe('tool checks never run an unchecked file from a request body', () => {
  let t: TestService;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => ({ t, api } = await startEmptyService()));
  afterAll(() => t.close());

  it('refuses paths that are not the expected tool, or that others could have written, without running them', async () => {
    const marker = join(root, 'sentinel-ran');
    const cases: [string, string, RegExp][] = [];
    const add = (route: string, file: string, why: RegExp) => cases.push([route, file, why]);
    add(
      '/api/validate/media-tool',
      await sentinel(join(root, 'a'), 'payload.sh', marker),
      /must be called ffmpeg or ffprobe/,
    );
    add(
      '/api/validate/ripper',
      await sentinel(join(root, 'b'), 'ffmpeg', marker),
      /must be called makemkvcon or makemkvcon64/,
    );
    add(
      '/api/validate/media-tool',
      await sentinel(join(root, 'c'), 'ffmpeg', marker, undefined, 0o777),
      /everyone may write to it/,
    );
    const open = join(root, 'open-folder');
    await sentinel(open, 'ffmpeg', marker);
    await chmod(open, 0o777);
    add('/api/validate/media-tool', join(open, 'ffmpeg'), /everyone may write to the folder/);
    const hidden = await sentinel(join(root, 'd'), 'not-a-tool', marker);
    await mkdir(join(root, 'e'));
    await symlink(hidden, join(root, 'e', 'makemkvcon'));
    add('/api/validate/ripper', join(root, 'e', 'makemkvcon'), /leads to .*not-a-tool, which is not called makemkvcon/);
    add('/api/validate/ripper', 'makemkvcon', /not an absolute path/);
    for (const [route, file, why] of cases) {
      const res = await api.post(route, { path: file });
      expect(res.status, file).toBe(200);
      expect(res.body, file).toMatchObject({ valid: false, version: null, message: expect.stringMatching(why) });
    }
    expect(existsSync(marker)).toBe(false);

    // The same sentinel under an acceptable name and permissions is run: the marker proves the test would see a run.
    const accepted = await sentinel(join(root, 'f'), 'ffmpeg', marker);
    const res = await api.post('/api/validate/media-tool', { path: accepted });
    expect(res.body).toMatchObject({ version: '9.9-sentinel' });
    expect(existsSync(marker)).toBe(true);
  });
});
