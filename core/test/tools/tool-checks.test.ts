import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectTools } from '../../src/tools/detect-tools.ts';
import { makemkvLicense, makemkvVersion, parseRobotMessages, settingsHaveKey } from '../../src/tools/makemkv-output.ts';
import { ffmpegVersion, hasChromaprintMuxer, validateMediaTool } from '../../src/tools/media-tool-validation.ts';
import { ripperKeyProblem } from '../../src/tools/ripper-key.ts';
import { validateRipper } from '../../src/tools/ripper-validation.ts';
import { findTool, toolCandidates } from '../../src/tools/tool-locations.ts';
import { BETA_KEY, fakeExecutable, MAKEMKV_EXPIRED, MAKEMKV_OK, MAKEMKV_TOO_OLD } from '../http/fake-executables.ts';

let root: string;
let emptyHome: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-tools-'));
  emptyHome = join(root, 'home');
  await mkdir(emptyHome);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('tool locations', () => {
  it('searches PATH first, then the Linux install folders, Flatpak and Snap', () => {
    const list = toolCandidates('ripper', {
      platform: 'linux',
      pathEnv: '/opt/x/bin:relative/bin::/usr/bin',
      homeDir: '/home/ann',
    });
    expect(list[0]).toBe('/opt/x/bin/makemkvcon');
    expect(list).toEqual(
      expect.arrayContaining([
        '/usr/bin/makemkvcon',
        '/usr/local/bin/makemkvcon',
        '/opt/makemkv/bin/makemkvcon',
        '/var/lib/flatpak/exports/bin/makemkvcon',
        '/home/ann/.local/share/flatpak/exports/bin/makemkvcon',
        '/snap/bin/makemkvcon',
      ]),
    );
    expect(list.filter((f) => f === '/usr/bin/makemkvcon')).toHaveLength(1);
    expect(list.some((f) => f.startsWith('relative'))).toBe(false);
  });

  it('knows the Windows and macOS install locations', () => {
    const win = toolCandidates('ripper', { platform: 'win32', pathEnv: 'C:\\Tools;"C:\\Quoted Dir"' });
    expect(win).toEqual([
      'C:\\Tools\\makemkvcon64.exe',
      'C:\\Tools\\makemkvcon.exe',
      'C:\\Quoted Dir\\makemkvcon64.exe',
      'C:\\Quoted Dir\\makemkvcon.exe',
      'C:\\Program Files (x86)\\MakeMKV\\makemkvcon64.exe',
      'C:\\Program Files\\MakeMKV\\makemkvcon64.exe',
    ]);
    expect(toolCandidates('media_tool', { platform: 'win32', pathEnv: 'C:\\ffmpeg\\bin' })).toEqual([
      'C:\\ffmpeg\\bin\\ffmpeg.exe',
    ]);
    expect(toolCandidates('ripper', { platform: 'darwin', pathEnv: '' })).toEqual([
      '/Applications/MakeMKV.app/Contents/MacOS/makemkvcon',
    ]);
  });

  it('finds the first executable candidate in injected folders and skips non-executable files', async () => {
    const a = join(root, 'find-a');
    const b = join(root, 'find-b');
    await fakeExecutable(a, 'makemkvcon', MAKEMKV_OK, { mode: 0o644 });
    const good = await fakeExecutable(b, 'makemkvcon', MAKEMKV_OK);
    expect(await findTool('ripper', { platform: 'linux', pathEnv: '', knownDirs: [a, b] })).toBe(good);
    expect(await findTool('ripper', { platform: 'linux', pathEnv: '', knownDirs: [a] })).toBeNull();
  });
});

describe('MakeMKV output', () => {
  it('reads the version from the MSG:1005 start line', () => {
    expect(makemkvVersion(MAKEMKV_OK)).toBe('1.17.7');
    expect(makemkvVersion('MakeMKV v1.16.4 win(x64-release) started\n')).toBe('1.16.4');
    expect(makemkvVersion('usage: something else')).toBeNull();
    expect(parseRobotMessages('MSG:5010,0,0,"Say \\"hi\\"","x"')).toEqual([{ code: 5010, text: 'Say "hi"' }]);
  });

  it('reads the license state', () => {
    expect(makemkvLicense(MAKEMKV_EXPIRED, true)).toMatchObject({
      license: 'expired',
      problem: expect.stringContaining('Evaluation period has expired'),
    });
    expect(makemkvLicense(MAKEMKV_TOO_OLD, true)).toMatchObject({
      license: 'expired',
      problem: expect.stringContaining('too old'),
    });
    expect(makemkvLicense(MAKEMKV_OK, false)).toEqual({ license: 'evaluation', problem: null });
    expect(makemkvLicense(MAKEMKV_OK, true)).toEqual({ license: 'registered', problem: null });
    expect(makemkvLicense('garbage', true)).toEqual({ license: 'unknown', problem: null });
    expect(settingsHaveKey('app_Key = "T-abc"\n')).toBe(true);
    expect(settingsHaveKey('app_Key = ""\n')).toBe(false);
  });

  it('checks the format of registration keys', () => {
    expect(ripperKeyProblem(BETA_KEY)).toBeNull();
    expect(ripperKeyProblem('M-' + 'x'.repeat(30))).toBeNull();
    expect(ripperKeyProblem(null)).toBeNull();
    expect(ripperKeyProblem('hello')).toMatch(/ripper_key.*"T-"/);
    expect(ripperKeyProblem('T-short')).toMatch(/ripper_key.*too short/);
    expect(ripperKeyProblem(` ${BETA_KEY}`)).toMatch(/ripper_key.*spaces/);
    expect(ripperKeyProblem('T-' + 'é'.repeat(70))).toMatch(/ripper_key.*characters/);
  });
});

describe('validateRipper', () => {
  it('accepts a working MakeMKV and reports version and license', async () => {
    const file = await fakeExecutable(join(root, 'ok'), 'makemkvcon', MAKEMKV_OK, { exitCode: 1 });
    expect(await validateRipper(file, { homeDir: emptyHome })).toEqual({
      valid: true,
      path: file,
      version: '1.17.7',
      license: 'evaluation',
      message: expect.stringContaining('1.17.7'),
    });
    expect(await validateRipper(file, { homeDir: emptyHome, keyConfigured: true })).toMatchObject({
      valid: true,
      license: 'registered',
    });
  });

  it('reads a key installed in MakeMKV’s own settings.conf', async () => {
    const home = join(root, 'home-with-key');
    await mkdir(join(home, '.MakeMKV'), { recursive: true });
    await writeFile(join(home, '.MakeMKV', 'settings.conf'), `app_Key = "${BETA_KEY}"\n`);
    const file = await fakeExecutable(join(root, 'ok2'), 'makemkvcon', MAKEMKV_OK);
    expect(await validateRipper(file, { homeDir: home })).toMatchObject({ valid: true, license: 'registered' });
  });

  it('rejects an expired installation, a missing file, a non-executable file and a folder with a message', async () => {
    const expired = await fakeExecutable(join(root, 'expired'), 'makemkvcon', MAKEMKV_EXPIRED);
    expect(await validateRipper(expired, { homeDir: emptyHome })).toMatchObject({
      valid: false,
      version: '1.17.7',
      license: 'expired',
      message: expect.stringMatching(/expired/),
    });
    const noExec = await fakeExecutable(join(root, 'noexec'), 'makemkvcon', MAKEMKV_OK, { mode: 0o644 });
    expect(await validateRipper(noExec)).toMatchObject({
      valid: false,
      path: noExec,
      version: null,
      message: expect.stringMatching(/not executable/),
    });
    expect(await validateRipper(join(root, 'nope', 'makemkvcon'))).toMatchObject({
      valid: false,
      message: expect.stringMatching(/does not exist/),
    });
    expect(await validateRipper(root)).toMatchObject({ valid: false, message: expect.stringMatching(/not a file/) });
    expect(await validateRipper(null)).toMatchObject({
      valid: false,
      path: null,
      message: expect.stringMatching(/not found/),
    });
  });

  it('rejects a program that is not MakeMKV and one that hangs (timeout)', async () => {
    const other = await fakeExecutable(join(root, 'other'), 'makemkvcon', 'hello world');
    expect(await validateRipper(other)).toMatchObject({
      valid: false,
      license: 'unknown',
      message: expect.stringMatching(/did not report a MakeMKV version/),
    });
    const hang = await fakeExecutable(join(root, 'hang'), 'makemkvcon', '', { script: 'exec sleep 30\n' });
    const started = Date.now();
    expect(await validateRipper(hang, { timeoutMs: 300 })).toMatchObject({
      valid: false,
      message: expect.stringMatching(/did not finish/),
    });
    expect(Date.now() - started).toBeLessThan(15_000); // the program would run 30 s
  });
});

describe('validateMediaTool', () => {
  it('accepts the real ffmpeg with chromaprint', async () => {
    const ffmpeg = await findTool('media_tool');
    expect(ffmpeg, 'ffmpeg must be installed (apt-get install -y ffmpeg)').not.toBeNull();
    const result = await validateMediaTool(ffmpeg);
    expect(result).toMatchObject({
      valid: true,
      path: ffmpeg,
      chromaprint: true,
      version: expect.stringMatching(/\d/),
    });
  });

  it('rejects an ffmpeg without chromaprint, a non-ffmpeg program and a missing file', async () => {
    const noChroma = await fakeExecutable(join(root, 'ff'), 'ffmpeg', '', {
      script:
        'case "$1" in -version) echo "ffmpeg version 6.1 Copyright (c) 2000-2023";; *) echo " E matroska        Matroska";; esac\n',
    });
    expect(await validateMediaTool(noChroma)).toMatchObject({
      valid: false,
      version: '6.1',
      chromaprint: false,
      message: expect.stringMatching(/chromaprint/),
    });
    const other = await fakeExecutable(join(root, 'ff-other'), 'ffmpeg', 'not it');
    expect(await validateMediaTool(other)).toMatchObject({
      valid: false,
      version: null,
      message: expect.stringMatching(/like ffmpeg/),
    });
    expect(await validateMediaTool(join(root, 'none', 'ffmpeg'))).toMatchObject({
      valid: false,
      message: expect.stringMatching(/does not exist/),
    });
    expect(ffmpegVersion('ffmpeg version n6.0 Copyright')).toBe('n6.0');
    expect(hasChromaprintMuxer(' E chromaprint     Chromaprint\n')).toBe(true);
    expect(hasChromaprintMuxer(' E matroska  Matroska\n')).toBe(false);
  });
});

describe('detectTools', () => {
  it('finds both tools in the injected folders with their versions', async () => {
    const dir = join(root, 'detect');
    await fakeExecutable(dir, 'makemkvcon', MAKEMKV_OK);
    await fakeExecutable(dir, 'ffmpeg', 'ffmpeg version 7.0.1 Copyright (c) 2000-2024');
    expect(await detectTools({ platform: 'linux', pathEnv: '', knownDirs: [dir], homeDir: emptyHome })).toEqual({
      ripper: { found: true, path: join(dir, 'makemkvcon'), version: '1.17.7' },
      media_tool: { found: true, path: join(dir, 'ffmpeg'), version: '7.0.1' },
    });
  });

  it('reports nothing found in an empty search', async () => {
    expect(await detectTools({ platform: 'linux', pathEnv: '', knownDirs: [join(root, 'empty')] })).toEqual({
      ripper: { found: false, path: null, version: null },
      media_tool: { found: false, path: null, version: null },
    });
  });
});
