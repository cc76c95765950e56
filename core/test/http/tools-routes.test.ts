import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTool } from '../../src/tools/tool-locations.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';
import { BETA_KEY, fakeExecutable, MAKEMKV_EXPIRED, MAKEMKV_OK } from './fake-executables.ts';

let t: TestService;
let root: string;
let ripperOk: string;
let ripperExpired: string;
let ripperNoExec: string;
let realFfmpeg: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-tools-routes-'));
  ripperOk = await fakeExecutable(join(root, 'ok'), 'makemkvcon', MAKEMKV_OK, { exitCode: 1 });
  ripperExpired = await fakeExecutable(join(root, 'expired'), 'makemkvcon', MAKEMKV_EXPIRED);
  ripperNoExec = await fakeExecutable(join(root, 'noexec'), 'makemkvcon', MAKEMKV_OK, { mode: 0o644 });
  const ffmpeg = await findTool('media_tool');
  if (!ffmpeg) throw new Error('ffmpeg must be installed for these tests (apt-get install -y ffmpeg)');
  realFfmpeg = ffmpeg;
  t = await startTestService({ config: { pipeline: EMPTY_PIPELINE } });
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

type Body = Record<string, any> & { error?: { code: string; message: string } };

async function post(path: string, body?: unknown, raw?: string) {
  const init: RequestInit = { method: 'POST', headers: { 'x-spindle-client': 'test' } };
  if (body !== undefined || raw !== undefined) {
    init.headers = { 'x-spindle-client': 'test', 'content-type': 'application/json' };
    init.body = raw ?? JSON.stringify(body);
  }
  const res = await fetch(t.url + path, init);
  return { status: res.status, body: (await res.json()) as Body };
}

async function get(path: string) {
  const res = await fetch(t.url + path);
  return { status: res.status, body: (await res.json()) as Body };
}

describe('POST /api/validate/ripper', () => {
  it('validates a working MakeMKV given by path', async () => {
    const res = await post('/api/validate/ripper', { path: ripperOk });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: true,
      path: ripperOk,
      version: '1.17.7',
      license: expect.stringMatching(/^(evaluation|registered)$/),
      message: expect.any(String),
    });
  });

  it('answers valid:false with a message, not an error status, for an expired key, a non-executable file, a missing file and a relative path', async () => {
    expect(await post('/api/validate/ripper', { path: ripperExpired })).toMatchObject({
      status: 200,
      body: { valid: false, version: '1.17.7', license: 'expired', message: expect.stringMatching(/expired/i) },
    });
    expect(await post('/api/validate/ripper', { path: ripperNoExec })).toMatchObject({
      status: 200,
      body: { valid: false, message: expect.stringMatching(/not executable/) },
    });
    expect(await post('/api/validate/ripper', { path: join(root, 'missing', 'makemkvcon') })).toMatchObject({
      status: 200,
      body: { valid: false, version: null, license: 'unknown', message: expect.stringMatching(/does not exist/) },
    });
    expect(await post('/api/validate/ripper', { path: 'makemkvcon' })).toMatchObject({
      status: 200,
      body: { valid: false, message: expect.stringMatching(/absolute/) },
    });
  });

  it('checks the configured ripper_path without a body, and reports registered when a key is configured', async () => {
    // ripper_path is server-level: the owner sets it on the machine (like `spindle config set --local`).
    await t.service.config.update({ ripper_path: ripperOk }, { origin: 'local' });
    const put = await fetch(t.url + '/api/config', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ripper_key: BETA_KEY }),
    });
    expect(put.status).toBe(200);
    expect(await post('/api/validate/ripper')).toMatchObject({
      status: 200,
      body: { valid: true, path: ripperOk, license: 'registered' },
    });
    expect(await post('/api/validate/ripper', {})).toMatchObject({ status: 200, body: { path: ripperOk } });
    await t.service.config.update({ ripper_path: null }, { origin: 'local' });
  });

  it('answers malformed requests with 400', async () => {
    for (const body of [{ path: 5 }, { path: '' }, { other: 'x' }, [], null, 'text']) {
      expect((await post('/api/validate/ripper', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await post('/api/validate/ripper', undefined, '{"path":')).status).toBe(400);
    expect((await post('/api/validate/ripper?x=1', { path: ripperOk })).status).toBe(400);
  });
});

describe('POST /api/validate/media-tool', () => {
  it('validates the real ffmpeg (version and chromaprint) given by path or detected', async () => {
    const res = await post('/api/validate/media-tool', { path: realFfmpeg });
    expect(res).toMatchObject({
      status: 200,
      body: { valid: true, path: realFfmpeg, chromaprint: true, version: expect.stringMatching(/\d/) },
    });
    expect(Object.keys(res.body).sort()).toEqual(['chromaprint', 'message', 'path', 'valid', 'version']);
    expect(await post('/api/validate/media-tool')).toMatchObject({ status: 200, body: { valid: true } });
  });

  it('answers valid:false with a message for a wrong path or a program that is not ffmpeg', async () => {
    expect(await post('/api/validate/media-tool', { path: join(root, 'nope', 'ffmpeg') })).toMatchObject({
      status: 200,
      body: { valid: false, version: null },
    });
    expect(await post('/api/validate/media-tool', { path: ripperOk })).toMatchObject({
      status: 200,
      body: { valid: false, message: expect.stringMatching(/ffmpeg/) },
    });
    const folderCalledFfmpeg = join(root, 'folder', 'ffmpeg');
    await mkdir(folderCalledFfmpeg, { recursive: true });
    expect(await post('/api/validate/media-tool', { path: folderCalledFfmpeg })).toMatchObject({
      status: 200,
      body: { valid: false, message: expect.stringMatching(/not a file/) },
    });
  });

  it('answers malformed requests with 400', async () => {
    for (const body of [{ path: true }, { path: 'x', extra: 1 }, [1]]) {
      expect((await post('/api/validate/media-tool', body)).status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('GET /api/detect-tools', () => {
  it('finds makemkvcon and ffmpeg on PATH with their versions', async () => {
    const savedPath = process.env.PATH;
    process.env.PATH = `${join(root, 'ok')}:${savedPath ?? ''}`;
    try {
      const res = await get('/api/detect-tools');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ripper: { found: true, path: ripperOk, version: '1.17.7' },
        media_tool: { found: true, path: expect.stringMatching(/ffmpeg$/), version: expect.stringMatching(/\d/) },
      });
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it('refuses query parameters with 400', async () => {
    expect((await get('/api/detect-tools?platform=win32')).status).toBe(400);
  });
});
