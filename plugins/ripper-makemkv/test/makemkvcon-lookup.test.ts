import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpindleError } from '@spindle/plugin-sdk';
import { candidatePaths, locateMakemkvcon } from '../src/makemkvcon-lookup.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'makemkvcon-lookup-'));
  await mkdir(join(root, 'bin'));
  await writeFile(join(root, 'bin', 'makemkvcon'), '#!/bin/sh\n');
  await chmod(join(root, 'bin', 'makemkvcon'), 0o755);
  await writeFile(join(root, 'not-executable'), 'x');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const setting = (value: unknown) => ({
  setting: (name: string) => (name === 'ripper_path' ? (value as string) : undefined),
});

describe('where makemkvcon is looked for', () => {
  it('searches PATH, then the Linux, Windows and macOS install locations', () => {
    const linux = candidatePaths({ platform: 'linux', pathEnv: '/opt/x/bin:relative:/usr/bin', homeDir: '/home/ann' });
    expect(linux[0]).toBe('/opt/x/bin/makemkvcon');
    expect(linux).toEqual(
      expect.arrayContaining([
        '/usr/local/bin/makemkvcon',
        '/opt/makemkv/bin/makemkvcon',
        '/var/lib/flatpak/exports/bin/makemkvcon',
        '/home/ann/.local/share/flatpak/exports/bin/makemkvcon',
        '/snap/bin/makemkvcon',
      ]),
    );
    expect(linux.filter((p) => p === '/usr/bin/makemkvcon')).toHaveLength(1);
    expect(linux.some((p) => p.startsWith('relative'))).toBe(false);
    expect(candidatePaths({ platform: 'win32', pathEnv: 'C:\\Tools', homeDir: 'C:\\Users\\ann' })).toEqual([
      'C:\\Tools\\makemkvcon64.exe',
      'C:\\Tools\\makemkvcon.exe',
      'C:\\Program Files (x86)\\MakeMKV\\makemkvcon64.exe',
      'C:\\Program Files\\MakeMKV\\makemkvcon64.exe',
    ]);
    expect(candidatePaths({ platform: 'darwin', pathEnv: '', homeDir: '/Users/ann' })).toEqual([
      '/Applications/MakeMKV.app/Contents/MacOS/makemkvcon',
    ]);
  });

  it.skipIf(process.platform === 'win32')(
    'uses ripper_path when set, else the first executable candidate',
    async () => {
      const env = { platform: 'linux' as const, pathEnv: `/nonexistent:${join(root, 'bin')}`, homeDir: root };
      expect(await locateMakemkvcon(setting(null), env)).toBe(join(root, 'bin', 'makemkvcon'));
      expect(await locateMakemkvcon(setting(join(root, 'bin', 'makemkvcon')), { ...env, pathEnv: '' })).toBe(
        join(root, 'bin', 'makemkvcon'),
      );
      const wrong = await locateMakemkvcon(setting(join(root, 'not-executable')), env).catch((e: unknown) => e);
      expect(SpindleError.is(wrong) && wrong.code).toBe('ripper_not_found');
      expect((wrong as Error).message).toContain('ripper_path');
    },
  );
});
