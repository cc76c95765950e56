import { describe, expect, it } from 'vitest';
import { decodeUdevValue, labelFromUdevData, parseBlkidExport } from '../src/disc-label.ts';
import { readDriveSettings } from '../src/drive-settings.ts';
import { mountPointIn, unescapeMountField } from '../src/mount-table.ts';

describe('blkid -o export', () => {
  it('reads tags and undoes blkid’s backslash escapes', () => {
    const out =
      'DEVNAME=/dev/sr0\nUUID=4d2a3f1e\nLABEL=The\\ Office\\ \\"S1\\"\\ \\$\\`x\\`\nBLOCK_SIZE=2048\nTYPE=udf\n';
    expect(parseBlkidExport(out)).toEqual({
      DEVNAME: '/dev/sr0',
      UUID: '4d2a3f1e',
      LABEL: 'The Office "S1" $`x`',
      BLOCK_SIZE: '2048',
      TYPE: 'udf',
    });
  });

  it('copes with CRLF, blank lines and values containing =', () => {
    expect(parseBlkidExport('LABEL=A=B\r\n\r\nTYPE=iso9660\r\n')).toEqual({ LABEL: 'A=B', TYPE: 'iso9660' });
  });
});

describe('udev database', () => {
  it('prefers the encoded label and decodes \\xNN (UTF-8 too)', () => {
    expect(decodeUdevValue('MY\\x20DISC\\x2fONE')).toBe('MY DISC/ONE');
    expect(decodeUdevValue('CAF\\xc3\\xa9')).toBe('CAFé');
    expect(labelFromUdevData('E:ID_FS_LABEL=MY_DISC\nE:ID_FS_LABEL_ENC=MY\\x20DISC\n')).toBe('MY DISC');
  });

  it('falls back to ID_FS_LABEL, and is null without a label', () => {
    expect(labelFromUdevData('S:cdrom\nE:ID_FS_LABEL=PLAIN\n')).toBe('PLAIN');
    expect(labelFromUdevData('E:ID_CDROM=1\nE:ID_CDROM_MEDIA=1\n')).toBeNull();
  });
});

describe('mount table', () => {
  const table = [
    'sysfs /sys sysfs rw 0 0',
    '/dev/sr1 /media/user/MY\\040SHOW\\040D1 udf ro,nosuid,nodev 0 0',
    '/dev/sr0 /mnt/cd iso9660 ro 0 0',
  ].join('\n');

  it('finds the mount point of a device and unescapes octal', () => {
    expect(mountPointIn(table, '/dev/sr1')).toBe('/media/user/MY SHOW D1');
    expect(mountPointIn(table, '/dev/sr0')).toBe('/mnt/cd');
    expect(mountPointIn(table, '/dev/sr2')).toBeNull();
    expect(unescapeMountField('a\\011b\\134c')).toBe('a\tb\\c');
  });
});

describe('settings', () => {
  it('searches PATH plus /usr/sbin and /sbin for the tools unless a search path is given', () => {
    const defaults = readDriveSettings({}, { PATH: '/usr/local/bin:/usr/bin' });
    expect(defaults).toEqual({
      pollMs: 2000,
      autoEject: true,
      sysfsRoot: '/sys',
      mountsFile: '/proc/self/mounts',
      udevDataRoot: '/run/udev/data',
      toolSearchPath: '/usr/local/bin:/usr/bin:/usr/sbin:/sbin',
    });
    expect(
      readDriveSettings({ tool_search_path: '/opt/tools', poll_interval_seconds: 0.001, auto_eject: false }, {}),
    ).toMatchObject({
      toolSearchPath: '/opt/tools',
      pollMs: 50,
      autoEject: false,
    });
  });
});
