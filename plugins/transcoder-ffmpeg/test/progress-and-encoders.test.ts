import { describe, expect, it } from 'vitest';
import { applySettingsDefaults } from '@spindle/plugin-sdk';
import { readManifest } from '@spindle/plugin-sdk/testing';
import { encoderArgs, encoderFor, hardwareCandidates, parseEncoderList } from '../src/encoder-args.ts';
import { ffmpegArgs } from '../src/ffmpeg-command.ts';
import { parseMediaFacts } from '../src/media-probe.ts';
import { ProgressParser, toProgress } from '../src/progress-parser.ts';
import type { TranscodeSettings } from '../src/transcode-settings.ts';
import { verificationProblems } from '../src/transcode-verification.ts';

/** The settings the core hands the plugin when none are set: the manifest's defaults. */
const DEFAULT_SETTINGS = applySettingsDefaults<TranscodeSettings>(
  readManifest(new URL('../package.json', import.meta.url)).settingsSchema,
);

const ENCODERS = `Encoders:
 V..... = Video
 ------
 V....D libx264              libx264 H.264 / AVC / MPEG-4 AVC / MPEG-4 part 10 (codec h264)
 V....D h264_nvenc           NVIDIA NVENC H.264 encoder (codec h264)
 V....D libx265              libx265 H.265 / HEVC (codec hevc)
 V....D hevc_vaapi           H.265/HEVC (VAAPI) (codec hevc)
 A....D aac                  AAC (Advanced Audio Coding)
`;

describe('ffmpeg -progress parsing', () => {
  it('turns each block into fraction, speed and ETA against the input duration', () => {
    const parser = new ProgressParser();
    const lines = [
      'frame=240',
      'fps=48.0',
      'out_time_us=10000000',
      'out_time=00:00:10.000000',
      'speed=2.00x',
      'progress=continue',
    ];
    const blocks = lines.map((l) => parser.push(l)).filter(Boolean);
    expect(blocks).toEqual([{ outTimeSeconds: 10, speed: 2, end: false }]);
    expect(toProgress(blocks[0]!, 40, 5)).toEqual({ fraction: 0.25, speed: 2, etaSeconds: 15 });
  });

  it('uses out_time when the microsecond field is missing, and wall time when speed is N/A', () => {
    const parser = new ProgressParser();
    for (const l of ['out_time=00:01:02.500000', 'speed=N/A']) parser.push(l);
    const block = parser.push('progress=continue')!;
    expect(block).toEqual({ outTimeSeconds: 62.5, speed: null, end: false });
    expect(toProgress(block, 125, 25)).toEqual({ fraction: 0.5, speed: 2.5, etaSeconds: 25 });
  });

  it('clamps past the end and reports the end block as done', () => {
    const parser = new ProgressParser();
    parser.push('out_time_us=50000000');
    expect(toProgress(parser.push('progress=continue')!, 40, 10)!.fraction).toBe(1);
    expect(toProgress(parser.push('progress=end')!, 40, 10)).toMatchObject({ fraction: 1, etaSeconds: 0 });
    expect(toProgress({ outTimeSeconds: null, speed: null, end: false }, 40, 1)).toBeNull();
  });
});

describe('encoder choice', () => {
  const listed = parseEncoderList(ENCODERS);

  it('reads encoder names from ffmpeg -encoders', () => {
    expect([...listed].sort()).toEqual(['aac', 'h264_nvenc', 'hevc_vaapi', 'libx264', 'libx265']);
  });

  it('offers only hardware encoders that the setting allows and ffmpeg lists, NVENC before QSV before VAAPI', () => {
    expect(hardwareCandidates('h265', 'auto', listed).map((e) => e.name)).toEqual(['hevc_vaapi']);
    expect(hardwareCandidates('h264', 'auto', listed).map((e) => e.name)).toEqual(['h264_nvenc']);
    expect(hardwareCandidates('h264', 'qsv', listed)).toEqual([]);
    expect(hardwareCandidates('h265', 'off', listed)).toEqual([]);
  });

  it('maps the CRF onto each encoder’s quality setting', () => {
    const s = { ...DEFAULT_SETTINGS, crf: 24 };
    expect(encoderArgs(encoderFor('h265', 'software'), s).video).toEqual([
      '-c:v',
      'libx265',
      '-crf',
      '24',
      '-preset',
      'medium',
      '-x265-params',
      'log-level=error',
    ]);
    expect(encoderArgs(encoderFor('h264', 'nvenc'), s).video).toEqual([
      '-c:v',
      'h264_nvenc',
      '-preset',
      'p5',
      '-rc',
      'vbr',
      '-cq',
      '24',
      '-b:v',
      '0',
    ]);
    expect(encoderArgs(encoderFor('h265', 'qsv'), s).video).toContain('-global_quality');
    expect(encoderArgs(encoderFor('h265', 'vaapi'), s)).toEqual({
      global: ['-vaapi_device', '/dev/dri/renderD128'],
      video: ['-vf', 'format=nv12,hwupload', '-c:v', 'hevc_vaapi', '-rc_mode', 'CQP', '-qp', '24'],
    });
  });

  it('copies audio, subtitles and attachments, keeps chapters and metadata, and reports progress on stdout', () => {
    const args = ffmpegArgs('/in.mkv', '/.out.mkv.partial', encoderFor('h265', 'software'), DEFAULT_SETTINGS);
    expect(args.join(' ')).toContain('-progress pipe:1');
    expect(args.join(' ')).toContain('-map 0:V -map 0:a? -map 0:s? -map 0:t? -map_metadata 0 -map_chapters 0');
    expect(args.join(' ')).toContain('-c:a copy -c:s copy -c:t copy');
    expect(args.slice(-3)).toEqual(['-f', 'matroska', '/.out.mkv.partial']);
  });
});

describe('verification', () => {
  const facts = (durationSeconds: number, video = 1, audio = 2, subtitle = 1, chapters = 3) => ({
    durationSeconds,
    streams: { video, audio, subtitle },
    chapters,
  });

  it('passes an output of the same length (within the tolerance) with every stream', () => {
    expect(verificationProblems(facts(1300.2), facts(1300.9), 1)).toEqual([]);
  });

  it('names every difference', () => {
    expect(verificationProblems(facts(1300), facts(1250, 1, 1, 0, 0), 1)).toEqual([
      'it lasts 1250.00 s instead of 1300.00 s (off by 50.00 s, at most 1 s allowed)',
      'it has 1 audio stream(s) instead of 2',
      'it has 0 subtitle stream(s) instead of 1',
      'it has 0 chapter(s) instead of 3',
    ]);
  });

  it('does not count cover art as a picture track', () => {
    const json = JSON.stringify({
      format: { duration: '12.5' },
      streams: [
        { codec_type: 'video', disposition: { attached_pic: 0 } },
        { codec_type: 'video', disposition: { attached_pic: 1 } },
        { codec_type: 'audio' },
      ],
      chapters: [{ id: 1 }],
    });
    expect(parseMediaFacts(json)).toEqual({
      durationSeconds: 12.5,
      streams: { video: 1, audio: 1, subtitle: 0 },
      chapters: 1,
    });
    expect(parseMediaFacts('{}')).toBeNull();
  });
});
