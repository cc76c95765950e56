import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseDotenv } from '../../src/config/dotenv-file.ts';
import { loadServerSettings } from '../../src/config/server-settings.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function cwdWithEnvFile(contents?: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spindle-settings-'));
  dirs.push(dir);
  if (contents !== undefined) writeFileSync(path.join(dir, '.env'), contents);
  return dir;
}

const base = { platform: 'linux' as const, homedir: '/home/u' };

describe('parseDotenv', () => {
  it('reads KEY=VALUE lines with quotes, comments and export', () => {
    const parsed = parseDotenv(
      [
        '# comment',
        '',
        'PLAIN=value # trailing comment',
        'export EXPORTED=yes',
        'HASH=a#b',
        "SINGLE='literal \\n # kept'",
        'DOUBLE="line\\nbreak \\"quoted\\"" # comment',
        'SPACED = spaced value ',
        'EMPTY=',
        'not a line',
        'UNTERMINATED="oops',
      ].join('\n'),
    );
    expect(parsed).toEqual({
      PLAIN: 'value',
      EXPORTED: 'yes',
      HASH: 'a#b',
      SINGLE: 'literal \\n # kept',
      DOUBLE: 'line\nbreak "quoted"',
      SPACED: 'spaced value',
      EMPTY: '',
    });
  });
});

describe('loadServerSettings', () => {
  it('uses defaults when nothing is set', () => {
    const settings = loadServerSettings({ ...base, env: {}, cwd: cwdWithEnvFile() });
    expect(settings).toEqual({
      host: '127.0.0.1',
      port: 8000,
      debug: false,
      dataDir: '/home/u/.local/share/spindle',
      databaseUrl: 'sqlite:///home/u/.local/share/spindle/spindle.db',
      fingerprintServerUrl: null,
      fingerprintUploadIntervalSeconds: 3600,
      allowedHosts: [],
      auth: 'auto',
      password: null,
      ripperPath: null,
      mediaToolPath: null,
      importRoots: [],
      allowLinkLocalRequests: false,
    });
  });

  it('prefers the process environment over .env over defaults', () => {
    const cwd = cwdWithEnvFile('PORT=9001\nHOST=0.0.0.0\nDEBUG=true\nFINGERPRINT_SERVER_URL=https://fp.example/\n');
    const settings = loadServerSettings({ ...base, env: { PORT: '9002', DEBUG: '' }, cwd });
    expect(settings.port).toBe(9002); // process env wins
    expect(settings.host).toBe('0.0.0.0'); // from .env
    expect(settings.debug).toBe(true); // empty process value counts as unset
    expect(settings.fingerprintServerUrl).toBe('https://fp.example');
    expect(settings.fingerprintUploadIntervalSeconds).toBe(3600); // default
  });

  it('reads the data dir and database URL from either source', () => {
    const cwd = cwdWithEnvFile('SPINDLE_DATA_DIR=/data/spindle\nFINGERPRINT_UPLOAD_INTERVAL_SECONDS=60\n');
    const fromDotenv = loadServerSettings({ ...base, env: {}, cwd });
    expect(fromDotenv.dataDir).toBe('/data/spindle');
    expect(fromDotenv.databaseUrl).toBe('sqlite:///data/spindle/spindle.db');
    expect(fromDotenv.fingerprintUploadIntervalSeconds).toBe(60);
    const fromEnv = loadServerSettings({ ...base, env: { DATABASE_URL: 'sqlite:custom.db', DEBUG: '1' }, cwd });
    expect(fromEnv).toMatchObject({ databaseUrl: 'sqlite:custom.db', debug: true });
  });

  it('builds a Windows default database URL', () => {
    const settings = loadServerSettings({
      platform: 'win32',
      homedir: 'C:\\Users\\u',
      env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' },
      cwd: cwdWithEnvFile(),
    });
    expect(settings.databaseUrl).toBe('sqlite:///C:\\Users\\u\\AppData\\Roaming\\spindle\\spindle.db');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DEBUG', 'maybe'],
    ['FINGERPRINT_UPLOAD_INTERVAL_SECONDS', '-5'],
    ['FINGERPRINT_SERVER_URL', 'ftp://x'],
    ['DATABASE_URL', 'postgres://db/x'],
  ])('rejects %s=%s with a ConfigurationError naming the variable', (name, value) => {
    const run = () => loadServerSettings({ ...base, env: { [name]: value }, cwd: cwdWithEnvFile() });
    expect(run).toThrow(
      expect.objectContaining({
        category: 'configuration',
        message: expect.stringContaining(name),
        details: { variable: name },
      }),
    );
  });

  it('rejects a bad PORT coming from .env too', () => {
    expect(() => loadServerSettings({ ...base, env: {}, cwd: cwdWithEnvFile('PORT=abc\n') })).toThrow(/PORT/);
  });
});
