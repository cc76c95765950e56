import { describe, expect, it } from 'vitest';
import { cleanCues, cleanCueText, parseSrt } from '../../src/subtitles/srt-parser.ts';

const SAMPLE = `\uFEFF1\r
00:00:01,000 --> 00:00:03,500\r
<i>Previously on The Show...</i>\r
\r
2\r
00:00:04,200 --> 00:00:06,000\r
- JOHN: Where were you?\r
- (sighs) Out.\r
\r
3\r
00:00:07,000 --> 00:00:08,000\r
[door slams]\r
\r
4\r
00:00:09,000 --> 00:00:11,250\r
♪ La la la ♪\r
\r
5\r
00:00:12,000 --> 00:00:14,000\r
{\\an8}We need to talk.\r
\r
00:00:15.5 --> 00:00:16.000\r
no index here\r
\r
7\r
01:02:03,004 --> 01:02:05,000\r
Subtitles by explosiveskull\r
www.OpenSubtitles.org\r
`;

describe('SRT parsing and cleaning', () => {
  it('reads cues with times in seconds, tolerating a BOM, CRLF and a missing index', () => {
    const cues = parseSrt(SAMPLE);
    expect(cues).toHaveLength(7);
    expect(cues[1]).toEqual({ start: 4.2, end: 6, text: '- JOHN: Where were you?\n- (sighs) Out.' });
    expect(cues[5]).toMatchObject({ start: 15.5, end: 16, text: 'no index here' });
    expect(cues[6]!.start).toBeCloseTo(3723.004, 3);
  });

  it('keeps only spoken words: no tags, cues, speaker labels, music or credits', () => {
    expect(cleanCues(parseSrt(SAMPLE)).map((c) => c.text)).toEqual([
      'Previously on The Show...',
      'Where were you? Out.',
      'We need to talk.',
      'no index here',
    ]);
  });

  it.each([
    ['<font color="#ffff00">Hello</font> there', 'Hello there'],
    ['DOCTOR WHO: Run!', 'Run!'],
    ['(LAUGHING) That is funny', 'That is funny'],
    ['Synced and corrected by someone', ''],
    ['# singing along #', ''],
  ])('%o → %o', (raw, clean) => {
    expect(cleanCueText(raw)).toBe(clean);
  });
});
