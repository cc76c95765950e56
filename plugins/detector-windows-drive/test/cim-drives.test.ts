/** The drive list as PowerShell prints it (Windows PowerShell 5.1 pretty JSON, PowerShell 7 -Compress). */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCimDrives } from '../src/cim-drives.ts';
import { ejectScript, encodeCommand, powershellArgs, watchScript } from '../src/powershell-script.ts';

const fixture = (name: string) => readFile(join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('parseCimDrives', () => {
  it('reads the array PowerShell 5.1 prints for two drives', async () => {
    expect(parseCimDrives(await fixture('ps51-two-drives.json'))).toEqual([
      {
        drive: 'D:',
        caption: 'HL-DT-ST BD-RE  WH16NS60 ATA Device',
        mediaLoaded: true,
        volumeName: 'MY_SHOW_S1_D1',
        volumeSerialNumber: '5A3C1B2E',
        size: 24662556672,
      },
      {
        drive: 'E:',
        caption: 'ASUS SDRW-08U9M-U USB Device',
        mediaLoaded: false,
        volumeName: '',
        volumeSerialNumber: null,
        size: null,
      },
    ]);
  });

  it('reads the single object printed for one drive, and a compressed list', async () => {
    expect(parseCimDrives(await fixture('ps51-one-drive.json'))).toMatchObject([
      { drive: 'F:', mediaLoaded: true, volumeName: '2001_A_SPACE_ODYSSEY' },
    ]);
    expect(parseCimDrives(await fixture('ps7-compressed-empty-tray.json'))).toMatchObject([
      { drive: 'D:', mediaLoaded: false, volumeName: '' },
    ]);
  });

  it('is empty for no output, [] and a byte-order mark; skips entries without a drive letter', async () => {
    expect(parseCimDrives(await fixture('no-drives.txt'))).toEqual([]);
    expect(parseCimDrives('[]')).toEqual([]);
    expect(parseCimDrives('\uFEFF[]\r\n')).toEqual([]);
    expect(
      parseCimDrives(
        '[{"Drive":null,"MediaLoaded":true},{"Id":"g:","MediaLoaded":true,"VolumeName":" X ","Size":"42"}]',
      ),
    ).toEqual([{ drive: 'G:', caption: null, mediaLoaded: true, volumeName: 'X', volumeSerialNumber: null, size: 42 }]);
  });

  it('throws on output that is not JSON (the caller logs it and waits for the next poll)', () => {
    expect(() => parseCimDrives('Get-CimInstance : Access denied')).toThrow();
  });
});

describe('PowerShell scripts', () => {
  it('passes the watching script as UTF-16LE base64 with -EncodedCommand', () => {
    const args = powershellArgs(watchScript(2000));
    expect(args.slice(0, -1)).toEqual([
      '-NoLogo',
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
      '-EncodedCommand',
    ]);
    const script = Buffer.from(args.at(-1)!, 'base64').toString('utf16le');
    expect(script).toContain('Get-CimInstance -ClassName Win32_CDROMDrive');
    expect(script).toContain('ConvertTo-Json -InputObject $drives -Compress');
    expect(script).toContain('Start-Sleep -Milliseconds 2000');
    expect(encodeCommand('A')).toBe('QQA=');
  });

  it('ejects only a drive letter', () => {
    expect(ejectScript('D:')).toBe(
      "(New-Object -ComObject Shell.Application).Namespace(17).ParseName('D:').InvokeVerb('Eject')",
    );
    expect(() => ejectScript("D:'); Remove-Item C:\\ -Recurse; ('")).toThrow(RangeError);
  });
});
