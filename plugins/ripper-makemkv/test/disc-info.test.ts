import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contentHashOfSizes } from '@spindle/plugin-sdk';
import { contentHashFromListing, toScannedTitles } from '../src/disc-scanner.ts';
import { outputFileNumber, parseDuration, parseInfoTranscript, resolutionOf } from '../src/disc-info.ts';

const SCENARIOS = fileURLToPath(new URL('../../../test/fixtures/makemkv/scenarios/', import.meta.url));
const SAMPLE =
  process.env.SPINDLE_THEDISCDB_SAMPLE ??
  fileURLToPath(new URL('../../../../shared/thediscdb-sample/', import.meta.url));
const haveSample = existsSync(join(SAMPLE, 'MANIFEST.tsv'));

describe('small parsers', () => {
  it.each([
    ['0:22:01', 1321],
    ['1:52:10', 6730],
    ['12:34', 754],
    ['0:00:00', 0],
    ['abc', null],
    ['1:2:3:4', null],
  ])('duration %s → %o', (text, seconds) => expect(parseDuration(text)).toBe(seconds));

  it('resolution from the video size and the _tNN number from the output name', () => {
    expect(resolutionOf('1920x1080')).toBe('1080p');
    expect(resolutionOf('720x576')).toBe('576p');
    expect(resolutionOf('3840x2160')).toBe('2160p');
    expect(resolutionOf(null)).toBeNull();
    expect(outputFileNumber('B4_t05.mkv')).toBe(5);
    expect(outputFileNumber('title_t00.mkv')).toBe(0);
    expect(outputFileNumber('title.mkv')).toBeNull();
  });
});

describe('a recorded transcript into typed disc information', () => {
  const disc = parseInfoTranscript(readFileSync(join(SCENARIOS, 'tv-bluray', 'info.txt'), 'utf8'));

  it('reads the disc, the drives and the messages', () => {
    expect(disc).toMatchObject({
      discType: 'bluray',
      typeName: 'Blu-ray disc',
      name: 'The Spindle Show: Season 1, Disc 1',
      volumeName: 'SPINDLE_SHOW_S1D1',
      titleCount: 5,
    });
    expect(disc.drives).toHaveLength(16);
    expect(disc.drives[0]).toMatchObject({
      index: 0,
      state: 2,
      flags: 12,
      discLabel: 'SPINDLE_SHOW_S1D1',
      device: '/dev/sr0',
    });
    expect(disc.messages.map((m) => m.code)).toContain(3307);
    expect(disc.messages.find((m) => m.code === 2010)?.message).toBe(
      'Optical drive "BD-RE HL-DT-ST BD-RE WH16NS60 1.02 KLAM6E8" opened in OS access mode.',
    );
    expect(disc.problems).toEqual([]);
    expect(disc.files.map((f) => f.name)).toEqual([
      '00003.m2ts',
      '00004.m2ts',
      '00005.m2ts',
      '00009.m2ts',
      '00010.m2ts',
    ]);
  });

  it('reads each title, keeping the output file number apart from the scan index', () => {
    expect(
      disc.titles.map((t) => [
        t.index,
        t.durationSeconds,
        t.sizeBytes,
        t.resolution,
        t.sourceFile,
        t.segmentMap,
        t.outputFileName,
        t.outputFileNumber,
      ]),
    ).toEqual([
      [0, 3963, 17294438400, '1080p', '00800.mpls', '3,4,5', 'SPINDLE_SHOW_S1D1_t00.mkv', 0],
      [1, 1321, 5767010304, '1080p', '00003.mpls', '3', 'SPINDLE_SHOW_S1D1_t01.mkv', 1],
      [2, 1282, 5520771072, '1080p', '00004.mpls', '4', 'SPINDLE_SHOW_S1D1_t02.mkv', 2],
      [3, 1360, 6006657024, '1080p', '00005.mpls', '5', 'SPINDLE_SHOW_S1D1_t05.mkv', 5],
      [4, 12, 44040192, '1080p', '00009.m2ts', '9', 'SPINDLE_SHOW_S1D1_t04.mkv', 4],
    ]);
    expect(disc.titles[1]).toMatchObject({
      name: 'Pilot, Part "One"',
      chapters: 3,
      displaySize: '5.4 GB',
      segmentCount: 1,
    });
    expect(disc.titles[1]!.streams.map((s) => [s.kind, s.codec, s.language])).toEqual([
      ['video', 'V_MPEG4/ISO/AVC', null],
      ['audio', 'A_DTS', 'eng'],
      ['subtitles', 'S_HDMV/PGS', 'eng'],
    ]);
    expect(toScannedTitles(disc)[3]).toEqual({
      index: 3,
      durationSeconds: 1360,
      sizeBytes: 6006657024,
      resolution: '1080p',
      chapters: 3,
      sourceFile: '00005.mpls',
      segmentMap: '5',
      outputFileName: 'SPINDLE_SHOW_S1D1_t05.mkv',
    });
  });

  it('reports malformed lines with their line numbers and keeps going', () => {
    const text = [
      'TCOUNT:1',
      'TINFO:0,9,0,"0:01:00"',
      'TINFO:0,11',
      'garbage',
      'TINFO:0,11,0,"1000"',
      'CINFO:2,0,"broken',
    ].join('\r\n');
    const parsed = parseInfoTranscript(text);
    expect(parsed.titles).toMatchObject([{ index: 0, durationSeconds: 60, sizeBytes: 1000 }]);
    expect(parsed.problems.map((p) => [p.lineNumber, p.line])).toEqual([
      [3, 'TINFO:0,11'],
      [6, 'CINFO:2,0,"broken'],
    ]);
  });

  it('hashes a listing in the older HSH form and keeps lines of unknown kinds without failing', () => {
    const text = [
      'CINFO:1,6209,"Blu-ray disc"',
      'TCOUNT:1',
      'TINFO:0,9,0,"0:22:00"',
      'TINFO:0,11,0,"5000"',
      'ZZINFO:1,2,"from a newer build"',
      'HSH:,1,00001.m2ts,1/2/2010 3:04:05 PM,300',
      'HSH:,0,00000.m2ts,1/2/2010 3:04:05 PM,200',
      'NEWKIND:1',
      'plain text',
    ].join('\n');
    const parsed = parseInfoTranscript(text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.files).toEqual([
      { name: '00001.m2ts', size: 300n },
      { name: '00000.m2ts', size: 200n },
    ]);
    expect(contentHashFromListing(parsed)).toBe(contentHashOfSizes([200, 300]));
    expect(parsed.unknownLines).toEqual([
      { lineNumber: 5, line: 'ZZINFO:1,2,"from a newer build"' },
      { lineNumber: 8, line: 'NEWKIND:1' },
    ]);
    expect(parsed.titles).toMatchObject([{ index: 0, durationSeconds: 1320, sizeBytes: 5000 }]);
  });
});

interface TruthTitle {
  Index: number;
  Duration: string;
  Size: number;
  SourceFile?: string;
  SegmentMap?: string;
  Tracks?: { Type: string; Resolution?: string }[];
}

const manifest = haveSample
  ? readFileSync(join(SAMPLE, 'MANIFEST.tsv'), 'utf8')
      .split('\n')
      .slice(1)
      .filter((l) => l.trim() !== '')
      .map((l) => l.split('\t'))
      .map(([stem, kind, format, hash, verified, count, , , , , label]) => ({
        stem: stem!,
        kind: kind!,
        format: format!,
        hash: hash!,
        verified: verified === 'yes',
        count: Number(count),
        label: label ?? '',
      }))
  : [];

describe.skipIf(!haveSample)(
  haveSample
    ? 'the real TheDiscDB transcripts against their truth'
    : `the real TheDiscDB transcripts (SKIPPED: ${SAMPLE} not found)`,
  () => {
    it('finds all 14 discs', () => {
      expect(manifest).toHaveLength(14);
      expect(
        readdirSync(join(SAMPLE, 'movie')).filter((f) => f.endsWith('.txt')).length +
          readdirSync(join(SAMPLE, 'series')).filter((f) => f.endsWith('.txt')).length,
      ).toBe(14);
    });

    it.each(manifest.map((m) => [m.stem, m] as const))(
      '%s: title count, durations, sizes, sources, resolution, type',
      (_stem, m) => {
        const base = join(SAMPLE, m.kind, m.stem);
        const disc = parseInfoTranscript(readFileSync(`${base}.txt`, 'utf8'));
        const truth = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { Titles: TruthTitle[] };
        expect(disc.problems).toEqual([]);
        expect(disc.titleCount).toBe(m.count);
        expect(disc.titles).toHaveLength(truth.Titles.length);
        expect(disc.discType).toBe(/dvd/i.test(m.format) ? 'dvd' : 'bluray');
        expect(disc.name).toBe(m.label);
        const scanned = toScannedTitles(disc);
        for (const t of truth.Titles) {
          const title = disc.titles.find((x) => x.index === t.Index)!;
          expect(title, `title ${t.Index}`).toBeDefined();
          expect(title.durationSeconds, `duration of title ${t.Index}`).toBe(parseDuration(t.Duration));
          expect(title.sizeBytes, `size of title ${t.Index}`).toBe(t.Size);
          if (t.SourceFile)
            expect(scanned.find((x) => x.index === t.Index)!.sourceFile, `source of title ${t.Index}`).toBe(
              t.SourceFile,
            );
          if (t.SegmentMap) expect(title.segmentMap).toBe(t.SegmentMap);
          const video = t.Tracks?.find((k) => k.Type === 'Video')?.Resolution;
          if (video) expect(title.resolution).toBe(resolutionOf(video));
        }
      },
    );

    it.each(manifest.filter((m) => m.verified).map((m) => [m.stem, m] as const))(
      '%s: content hash from the HSH listing',
      (_stem, m) => {
        const disc = parseInfoTranscript(readFileSync(join(SAMPLE, m.kind, `${m.stem}.txt`), 'utf8'));
        expect(contentHashFromListing(disc)).toBe(m.hash);
      },
    );
  },
);
