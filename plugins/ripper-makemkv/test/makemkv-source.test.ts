import { describe, expect, it } from 'vitest';
import { SpindleError, type DiscSource } from '@spindle/plugin-sdk';
import { makemkvSourceFor } from '../src/makemkv-source.ts';

const disc = (driveId: string | null, path: string | null = null): DiscSource => ({
  kind: 'disc',
  driveId,
  path,
  volumeLabel: 'MY_DISC',
});

describe('makemkvcon source argument', () => {
  it.each([
    [disc('/dev/sr0', '/media/MY_DISC'), 'dev:/dev/sr0'],
    [disc('/dev/disk4'), 'dev:/dev/disk4'],
    [disc('D:'), 'dev:D:'],
    [disc('e:\\'), 'dev:E:'],
    [disc('disc:1'), 'disc:1'],
    [disc('2'), 'disc:2'],
    [disc('dev:/dev/sr1'), 'dev:/dev/sr1'],
    [disc('ISO:/srv/images/Movie.iso'), 'iso:/srv/images/Movie.iso'],
    [disc('file:/srv/backups/MY_DISC'), 'file:/srv/backups/MY_DISC'],
    [disc('/srv/images/Movie.ISO'), 'iso:/srv/images/Movie.ISO'],
    [disc(null, '/srv/backups/MY_DISC'), 'file:/srv/backups/MY_DISC'],
    [disc('', '/srv/images/disc.iso'), 'iso:/srv/images/disc.iso'],
    [disc('C:\\Rips\\MY_DISC'), 'file:C:\\Rips\\MY_DISC'],
  ])('%o → %s', (source, argument) => {
    expect(makemkvSourceFor(source).argument).toBe(argument);
  });

  it('prefers the drive to the mount point and fails clearly without either', () => {
    expect(makemkvSourceFor(disc('/dev/sr0', '/media/MY_DISC'))).toEqual({
      kind: 'dev',
      argument: 'dev:/dev/sr0',
      target: '/dev/sr0',
    });
    let error: unknown;
    try {
      makemkvSourceFor(disc(null, null));
    } catch (e) {
      error = e;
    }
    expect(SpindleError.is(error) && error.code).toBe('disc_source_missing');
    expect((error as Error).message).toContain('MY_DISC');
  });
});
