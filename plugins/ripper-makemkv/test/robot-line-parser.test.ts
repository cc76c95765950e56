import { describe, expect, it } from 'vitest';
import { parseRobotLine, quoteRobotString, splitFields } from '../src/robot-line-parser.ts';

describe('parseRobotLine: every line kind', () => {
  it('reads MSG with code, flags, count, message, format and parameters', () => {
    expect(
      parseRobotLine(
        'MSG:5014,131072,2,"Saving 4 titles into directory file:///srv/out","Saving %1 titles into directory %2","4","file:///srv/out"',
      ),
    ).toEqual({
      kind: 'MSG',
      code: 5014,
      flags: 131072,
      count: 2,
      message: 'Saving 4 titles into directory file:///srv/out',
      format: 'Saving %1 titles into directory %2',
      params: ['4', 'file:///srv/out'],
    });
    expect(parseRobotLine('MSG:5010,0,0,"Failed to open disc","Failed to open disc"')).toMatchObject({
      kind: 'MSG',
      code: 5010,
      params: [],
    });
  });

  it('reads PRGC, PRGT and PRGV', () => {
    expect(parseRobotLine('PRGC:5017,3,"Saving to MKV file"')).toEqual({
      kind: 'PRGC',
      code: 5017,
      id: 3,
      name: 'Saving to MKV file',
    });
    expect(parseRobotLine('PRGT:5024,0,"Saving all titles to MKV files"')).toEqual({
      kind: 'PRGT',
      code: 5024,
      id: 0,
      name: 'Saving all titles to MKV files',
    });
    expect(parseRobotLine('PRGV:36541,6084,65536')).toEqual({ kind: 'PRGV', current: 36541, total: 6084, max: 65536 });
  });

  it('reads the 7 fields of DRV, empty strings included', () => {
    expect(parseRobotLine('DRV:0,2,999,12,"BD-RE HL-DT-ST BD-RE WH16NS60 1.02","MY_SHOW_S1D1","/dev/sr0"')).toEqual({
      kind: 'DRV',
      index: 0,
      state: 2,
      enabled: 999,
      flags: 12,
      driveName: 'BD-RE HL-DT-ST BD-RE WH16NS60 1.02',
      discLabel: 'MY_SHOW_S1D1',
      device: '/dev/sr0',
    });
    expect(parseRobotLine('DRV:7,256,999,0,"","",""')).toMatchObject({
      kind: 'DRV',
      state: 256,
      driveName: '',
      discLabel: '',
      device: '',
    });
  });

  it('reads TCOUNT, CINFO, TINFO, SINFO and HSH', () => {
    expect(parseRobotLine('TCOUNT:12')).toEqual({ kind: 'TCOUNT', count: 12 });
    expect(parseRobotLine('CINFO:1,6209,"Blu-ray disc"')).toEqual({
      kind: 'CINFO',
      attribute: 1,
      code: 6209,
      value: 'Blu-ray disc',
    });
    expect(parseRobotLine('TINFO:3,27,0,"MY_SHOW_t05.mkv"')).toEqual({
      kind: 'TINFO',
      title: 3,
      attribute: 27,
      code: 0,
      value: 'MY_SHOW_t05.mkv',
    });
    expect(parseRobotLine('SINFO:0,1,19,0,"1920x1080"')).toEqual({
      kind: 'SINFO',
      title: 0,
      stream: 1,
      attribute: 19,
      code: 0,
      value: '1920x1080',
    });
    expect(parseRobotLine('HSH:9,VTS_02_0.IFO,6/30/2000 4:50:15 PM,34816')).toEqual({
      kind: 'HSH',
      index: 9,
      fileName: 'VTS_02_0.IFO',
      date: '6/30/2000 4:50:15 PM',
      size: 34816n,
    });
    expect(parseRobotLine('HSH:3,00305.m2ts,2/25/2020 12:09:20 PM,62000971776')).toMatchObject({ size: 62000971776n });
  });

  it('reads the older five-field HSH form with an empty first field', () => {
    expect(parseRobotLine('HSH:,0,00000.m2ts,3/14/2012 10:02:33 AM,7421331456')).toEqual({
      kind: 'HSH',
      index: 0,
      fileName: '00000.m2ts',
      date: '3/14/2012 10:02:33 AM',
      size: 7421331456n,
    });
    expect(parseRobotLine('HSH:,12,VTS_01_1.VOB,,1073709056')).toEqual({
      kind: 'HSH',
      index: 12,
      fileName: 'VTS_01_1.VOB',
      date: '',
      size: 1073709056n,
    });
    expect(parseRobotLine('HSH:7,0,00000.m2ts,date,1')).toMatchObject({
      kind: 'malformed',
      reason: expect.stringMatching(/must start with an empty field/),
    });
    expect(parseRobotLine('HSH:,0,00000.m2ts,date,1,2')).toMatchObject({
      kind: 'malformed',
      reason: expect.stringMatching(/4 to 5 fields, got 6/),
    });
  });

  it('keeps lines without a robot prefix as text', () => {
    expect(parseRobotLine('Backup source must start with "disc:"')).toEqual({
      kind: 'text',
      text: 'Backup source must start with "disc:"',
    });
    expect(parseRobotLine('')).toEqual({ kind: 'text', text: '' });
    expect(parseRobotLine('XYZ:1,2')).toEqual({ kind: 'text', text: 'XYZ:1,2' });
  });
});

describe('quoted strings', () => {
  it('keeps commas inside strings and unescapes quotes and backslashes', () => {
    const line =
      'MSG:2010,0,1,"Optical drive \\"BD-RE, HL-DT-ST\\" opened in OS access mode.","Optical drive \\"%1\\" opened in OS access mode.","BD-RE, HL-DT-ST"';
    expect(parseRobotLine(line)).toMatchObject({
      message: 'Optical drive "BD-RE, HL-DT-ST" opened in OS access mode.',
      format: 'Optical drive "%1" opened in OS access mode.',
      params: ['BD-RE, HL-DT-ST'],
    });
    expect(parseRobotLine('TINFO:1,2,0,"Pilot, Part \\"One\\", \\\\ and more"')).toMatchObject({
      value: 'Pilot, Part "One", \\ and more',
    });
  });

  it('turns escaped control characters into the characters and keeps other backslashes', () => {
    expect(parseRobotLine('CINFO:2,0,"Line one\\nLine two\\tTabbed\\r"')).toMatchObject({
      value: 'Line one\nLine two\tTabbed\r',
    });
    expect(parseRobotLine('MSG:5014,0,1,"Saving into C:\\Movies\\Out","%1","C:\\Movies\\Out"')).toMatchObject({
      params: ['C:\\Movies\\Out'],
    });
  });

  it('round-trips through quoteRobotString', () => {
    for (const value of ['plain', 'a, b', 'say "hi"', 'back\\slash', 'tab\tnew\nline', '']) {
      expect(parseRobotLine(`CINFO:2,0,${quoteRobotString(value)}`)).toMatchObject({ value });
    }
  });

  it('splits fields without a prefix too', () => {
    expect(splitFields('1,0,"He said \\"hi\\", ok"')).toEqual({
      values: ['1', '0', 'He said "hi", ok'],
      quoted: [false, false, true],
    });
  });
});

describe('malformed lines are reported, never thrown', () => {
  it.each([
    ['TINFO:0,9', /TINFO needs 4 fields, got 2/],
    ['TINFO:0,9,0,"0:22:01",extra', /TINFO needs 4 fields, got 5/],
    ['DRV:0,2,999,12,"drive","label"', /DRV needs 7 fields, got 6/],
    ['MSG:x,y', /MSG needs 5 to any fields/],
    ['MSG:abc,0,0,"m","f"', /field 1 \(code\) must be an integer/],
    ['PRGV:a,b,c', /must be an integer/],
    ['PRGV:1,2,0', /max must be positive/],
    ['TCOUNT:', /must be an integer/],
    ['CINFO:2,0,"unterminated', /unterminated string/],
    ['CINFO:2,0,"value"trailing', /unexpected text after the string/],
    ['CINFO:2,0,val"ue', /stray quote/],
    ['TINFO:0,27,0,MY_SHOW_t00.mkv', /must be a quoted string/],
    ['TINFO:"0",9,0,"0:22:01"', /must be an integer/],
    ['HSH:1,VIDEO_TS.IFO,date,12kB', /size\) must be a whole number/],
    ['\u0000garbage DRV:"unterminated', null],
  ])('%s', (line, reason) => {
    const parsed = parseRobotLine(line);
    if (reason === null) {
      expect(parsed.kind).toBe('text');
      return;
    }
    expect(parsed.kind).toBe('malformed');
    if (parsed.kind === 'malformed') {
      expect(parsed.line).toBe(line);
      expect(parsed.reason).toMatch(reason);
    }
  });
});
