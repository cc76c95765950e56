import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makemkvSettingsPath, readAppKey, withAppKey, writeMakemkvKey } from '../../src/tools/makemkv-settings-file.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';
import { BETA_KEY } from '../http/fake-executables.ts';

const OTHER_KEY = 'M-' + 'Zy9_x@'.repeat(5);

/** A settings.conf as MakeMKV writes it, with oddities that must survive: CRLF, spaces, UTF-8, no final newline. */
const ORIGINAL = [
  '#\r\n',
  '# MakeMKV settings file, written by MakeMKV v1.18.1 linux(x64-release)\r\n',
  '#\r\n',
  '\r\n',
  'app_DataDir = "/home/ann/.MakeMKV/data"   \r\n',
  'app_Key = "T-old-key"\r\n',
  'app_PreferredLanguage = "eng"\r\n',
  'app_DestinationDir = "/srv/Filme/Überspielt"\r\n',
  'dvd_MinimumTitleLength = "120"',
].join('');

const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];

describe('the app_Key line of settings.conf', () => {
  it('replaces the key and keeps every other line byte for byte', () => {
    const updated = withAppKey(ORIGINAL, BETA_KEY);
    const before = lines(ORIGINAL);
    const after = lines(updated);
    expect(after).toHaveLength(before.length);
    after.forEach((line, i) => {
      if (before[i]!.startsWith('app_Key')) expect(line).toBe(`app_Key = "${BETA_KEY}"\r\n`);
      else expect(Buffer.from(line)).toEqual(Buffer.from(before[i]!));
    });
    expect(readAppKey(updated)).toBe(BETA_KEY);
  });

  it('adds the line when missing (in the file’s line ending), removes it for null, and drops duplicates', () => {
    expect(withAppKey('a = "1"\nb = "2"\n', BETA_KEY)).toBe(`a = "1"\nb = "2"\napp_Key = "${BETA_KEY}"\n`);
    expect(withAppKey('a = "1"\r\nb = "2"', BETA_KEY)).toBe(`a = "1"\r\nb = "2"\r\napp_Key = "${BETA_KEY}"\r\n`);
    expect(withAppKey('', BETA_KEY)).toBe(`app_Key = "${BETA_KEY}"\n`);
    expect(withAppKey(ORIGINAL, null)).toBe(ORIGINAL.replace('app_Key = "T-old-key"\r\n', ''));
    expect(withAppKey('  app_Key="A"\nx = "1"\napp_Key = "B"\n', 'C')).toBe('app_Key = "C"\nx = "1"\n');
    expect(readAppKey('x = "1"\n')).toBeNull();
  });

  it('lives in ~/.MakeMKV, in %APPDATA%\\MakeMKV on Windows, or where SPINDLE_MAKEMKV_DATA_DIR says', () => {
    expect(makemkvSettingsPath({ platform: 'linux', env: { HOME: '/home/ann' } })).toBe(
      '/home/ann/.MakeMKV/settings.conf',
    );
    expect(makemkvSettingsPath({ platform: 'darwin', env: {}, homeDir: '/Users/ann' })).toBe(
      '/Users/ann/.MakeMKV/settings.conf',
    );
    expect(makemkvSettingsPath({ platform: 'win32', env: { APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' } })).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\MakeMKV\\settings.conf',
    );
    expect(
      makemkvSettingsPath({ platform: 'linux', env: { HOME: '/home/ann', SPINDLE_MAKEMKV_DATA_DIR: '/tmp/mk' } }),
    ).toBe('/tmp/mk/settings.conf');
  });
});

describe('writing the file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'makemkv-settings-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('creates the folder and an owner-only file, and clears only a key it wrote', async () => {
    const env = { SPINDLE_MAKEMKV_DATA_DIR: join(dir, 'fresh', '.MakeMKV') };
    const file = (await writeMakemkvKey(BETA_KEY, { env }))!;
    expect(await readFile(file, 'utf8')).toBe(`app_Key = "${BETA_KEY}"\n`);
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await writeMakemkvKey(null, { env, previousKey: OTHER_KEY })).toBeNull(); // the user's own key stays
    expect(readAppKey(await readFile(file, 'utf8'))).toBe(BETA_KEY);
    await writeMakemkvKey(null, { env, previousKey: BETA_KEY });
    expect(await readFile(file, 'utf8')).toBe('');
  });
});

describe('PUT /api/config ripper_key → settings.conf', () => {
  let t: TestService;
  let file: string;
  beforeAll(async () => {
    t = await startTestService({ config: { pipeline: EMPTY_PIPELINE } });
    file = join(t.dataDir, 'makemkv', 'settings.conf');
    await mkdir(join(t.dataDir, 'makemkv'), { recursive: true });
    await writeFile(file, ORIGINAL);
  });
  afterAll(() => t.close());

  const put = async (body: unknown) => {
    const res = await fetch(`${t.url}/api/config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  };

  it('updates the app_Key line, keeps the rest byte for byte, and never shows or logs the key', async () => {
    const res = await put({ ripper_key: BETA_KEY });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(BETA_KEY);
    const written = await readFile(file);
    expect(written.equals(Buffer.from(ORIGINAL.replace('app_Key = "T-old-key"', `app_Key = "${BETA_KEY}"`)))).toBe(
      true,
    );
    await put({ ripper_key: OTHER_KEY });
    expect(readAppKey(await readFile(file, 'utf8'))).toBe(OTHER_KEY);
    await put({ ripper_key: null });
    expect((await readFile(file)).equals(Buffer.from(ORIGINAL.replace('app_Key = "T-old-key"\r\n', '')))).toBe(true);
    expect(t.logs.some((l) => l.includes(`MakeMKV registration key is in ${file}`))).toBe(true);
    expect(t.logs.some((l) => l.includes(BETA_KEY) || l.includes(OTHER_KEY))).toBe(false);
  });

  it('refuses a malformed key with a 400 and leaves the file alone', async () => {
    const before = await readFile(file);
    const res = await put({ ripper_key: 'not a key' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toMatchObject({
      error: { code: expect.any(String), message: expect.stringContaining('ripper_key') },
    });
    expect((await readFile(file)).equals(before)).toBe(true);
  });
});
