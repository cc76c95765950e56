import { describe, expect, it } from 'vitest';
import { resolveDataDir } from '../../src/config/data-dir.ts';

describe('resolveDataDir', () => {
  it('uses SPINDLE_DATA_DIR on every platform', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      expect(
        resolveDataDir({
          platform,
          env: { SPINDLE_DATA_DIR: '/srv/spindle', XDG_DATA_HOME: '/x' },
          homedir: '/home/u',
        }),
      ).toBe('/srv/spindle');
    }
    expect(
      resolveDataDir({
        platform: 'win32',
        env: { SPINDLE_DATA_DIR: 'D:\\spindle', APPDATA: 'C:\\a' },
        homedir: 'C:\\Users\\u',
      }),
    ).toBe('D:\\spindle');
    expect(
      resolveDataDir({ platform: 'linux', env: { SPINDLE_DATA_DIR: 'data' }, homedir: '/home/u', cwd: '/opt/app' }),
    ).toBe('/opt/app/data');
  });

  it('follows XDG on Linux', () => {
    expect(resolveDataDir({ platform: 'linux', env: { XDG_DATA_HOME: '/home/u/.data' }, homedir: '/home/u' })).toBe(
      '/home/u/.data/spindle',
    );
    expect(resolveDataDir({ platform: 'linux', env: {}, homedir: '/home/u' })).toBe('/home/u/.local/share/spindle');
    // The XDG spec says relative values are ignored.
    expect(resolveDataDir({ platform: 'linux', env: { XDG_DATA_HOME: 'rel' }, homedir: '/home/u' })).toBe(
      '/home/u/.local/share/spindle',
    );
    expect(resolveDataDir({ platform: 'freebsd', env: {}, homedir: '/home/u' })).toBe('/home/u/.local/share/spindle');
  });

  it('uses %APPDATA% on Windows', () => {
    expect(
      resolveDataDir({
        platform: 'win32',
        env: { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' },
        homedir: 'C:\\Users\\u',
      }),
    ).toBe('C:\\Users\\u\\AppData\\Roaming\\spindle');
    expect(resolveDataDir({ platform: 'win32', env: {}, homedir: 'C:\\Users\\u' })).toBe(
      'C:\\Users\\u\\AppData\\Roaming\\spindle',
    );
  });

  it('uses Application Support on macOS', () => {
    expect(resolveDataDir({ platform: 'darwin', env: { XDG_DATA_HOME: '/ignored' }, homedir: '/Users/u' })).toBe(
      '/Users/u/Library/Application Support/spindle',
    );
  });
});
