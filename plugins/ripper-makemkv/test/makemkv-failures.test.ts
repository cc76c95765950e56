import { describe, expect, it } from 'vitest';
import { fatalFailure, saveFailed, scanFailed, stalledError, titleFailureText } from '../src/makemkv-failures.ts';
import { parseRobotLine, type MsgLine } from '../src/robot-line-parser.ts';

const m = (line: string) => parseRobotLine(line) as MsgLine;
const OPEN_FAILED = m('MSG:5010,0,0,"Failed to open disc","Failed to open disc"');
const EXPIRED = m(
  'MSG:5052,516,0,"Evaluation period has expired. Please purchase an activation key.","Evaluation period has expired. Please purchase an activation key."',
);
const TOO_OLD = m(
  'MSG:5021,260,1,"This application version is too old.  Please download the latest version at http://www.makemkv.com/ or enter a registration key to continue using the current version.","%1","http://www.makemkv.com/"',
);
const REGION = m(
  'MSG:3032,0,1,"Region setting of drive GH24NSD1 does not match the region of currently inserted disc, trying to work around...","Region setting of drive %1 does not match the region of currently inserted disc, trying to work around...","GH24NSD1"',
);
const READ = m(
  "MSG:2003,0,3,\"Error 'Scsi error - MEDIUM ERROR:L-EC UNCORRECTABLE ERROR' occurred while reading '/BDMV/STREAM/00001.m2ts' at offset '1048576'\",\"Error '%1' occurred while reading '%2' at offset '%3'\",\"Scsi error - MEDIUM ERROR:L-EC UNCORRECTABLE ERROR\",\"/BDMV/STREAM/00001.m2ts\",\"1048576\"",
);
const SAVE = m(
  'MSG:5003,0,2,"Failed to save title 1 to file /out/title_t01.mkv","Failed to save title %1 to file %2","1","/out/title_t01.mkv"',
);
const SUMMARY = m(
  'MSG:5037,516,2,"Copy complete. 0 titles saved, 1 failed.","Copy complete. %1 titles saved, %2 failed.","0","1"',
);
const OK = m('MSG:5036,260,1,"Copy complete. 1 titles saved.","Copy complete. %1 titles saved.","1"');

describe('failures a user can act on', () => {
  it('an expired license wins over the failed open it causes', () => {
    for (const expired of [EXPIRED, TOO_OLD]) {
      const error = fatalFailure([expired, OPEN_FAILED], '/dev/sr0')!;
      expect(error).toMatchObject({ code: 'ripper_license_expired', category: 'ripper' });
      expect(error.message).toMatch(
        /^MakeMKV cannot rip: ".+" \(message 50\d\d\)\. Enter a current registration key \(ripper_key\) or install the latest MakeMKV/,
      );
    }
  });

  it('5010 names the drive, and the region or the read errors when they were reported', () => {
    expect(fatalFailure([OPEN_FAILED], '/dev/sr0')!.message).toMatch(
      /^MakeMKV could not open the disc in \/dev\/sr0 \(message 5010 "Failed to open disc"\)\. Check that a readable disc/,
    );
    expect(fatalFailure([REGION, OPEN_FAILED], '/dev/sr0')!.message).toContain(
      'the disc region does not match the drive region',
    );
    expect(fatalFailure([READ, OPEN_FAILED], '/dev/sr0')!.message).toContain(
      'read errors ("Error \'Scsi error - MEDIUM ERROR',
    );
    expect(fatalFailure([READ, SAVE, OK], '/dev/sr0')).toBeNull();
  });

  it('a title failure says why: read errors first, then MakeMKV’s message', () => {
    expect(saveFailed([READ, OK])).toBe(false); // MakeMKV recovered
    expect(saveFailed([SAVE])).toBe(true);
    expect(saveFailed([SUMMARY])).toBe(true);
    expect(titleFailureText([READ, SAVE, SUMMARY])).toMatch(
      /^disc read error: "Error 'Scsi error .*" — clean the disc and retry$/,
    );
    expect(titleFailureText([SAVE, SUMMARY])).toBe('MakeMKV: "Failed to save title 1 to file /out/title_t01.mkv"');
    expect(titleFailureText([SUMMARY])).toBe('MakeMKV: "Copy complete. 0 titles saved, 1 failed."');
    expect(titleFailureText([OK])).toBeNull();
  });

  it('a stall explains a region mismatch, or quotes the last message', () => {
    const region = stalledError({ seconds: 300, doing: 'ripping title 2', messages: [REGION] });
    expect(region).toMatchObject({ code: 'ripper_stalled', retryable: false });
    expect(region.message).toMatch(
      /^makemkvcon made no progress for 300 s while ripping title 2 and was stopped; it reported a region mismatch before hanging/,
    );
    expect(stalledError({ seconds: 5, doing: 'scanning dev:/dev/sr0', messages: [READ] }).message).toContain(
      '(last message: "Error',
    );
    expect(scanFailed({ target: '/dev/sr0', exitCode: 1, messages: [], stderr: 'boom\n' }).message).toBe(
      'makemkvcon could not scan the disc in /dev/sr0 (exit code 1): "boom"',
    );
  });
});
