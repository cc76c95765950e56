import { describe, expect, it } from 'vitest';
import { ffprobePath } from '../src/ffprobe.ts';
import { parseProbeJson, resolutionLabel } from '../src/probe-parser.ts';

describe('resolutionLabel', () => {
  it.each([
    [2160, '2160p'],
    [1080, '1080p'],
    [720, '720p'],
    [480, '480p'],
    [576, '576p'],
    [1088, '1088p'],
    [0, null],
    [undefined, null],
  ])('height %o → %o', (height, label) => {
    expect(resolutionLabel(height)).toBe(label);
  });
});

describe('parseProbeJson', () => {
  it('reads duration, the video height and the chapter count', () => {
    const json = JSON.stringify({
      streams: [{ codec_type: 'audio' }, { codec_type: 'video', width: 1920, height: 1080 }],
      chapters: [{ id: 0 }, { id: 1 }],
      format: { duration: '1322.456789' },
    });
    expect(parseProbeJson(json)).toEqual({ durationSeconds: 1322.457, resolution: '1080p', chapters: 2 });
  });

  it('tolerates a file without video, duration or chapters', () => {
    expect(parseProbeJson(JSON.stringify({ streams: [{ codec_type: 'audio' }], format: {} }))).toEqual({
      durationSeconds: 0,
      resolution: null,
      chapters: 0,
    });
  });

  it('refuses output that is not JSON', () => {
    expect(parseProbeJson('Invalid data found when processing input')).toBeNull();
    expect(parseProbeJson('null')).toBeNull();
  });
});

describe('ffprobePath', () => {
  it.each([
    [undefined, 'ffprobe'],
    [null, 'ffprobe'],
    ['', 'ffprobe'],
    ['/usr/bin/ffmpeg', '/usr/bin/ffprobe'],
    ['/opt/ffmpeg/bin/ffprobe', '/opt/ffmpeg/bin/ffprobe'],
    ['/opt/tools/FFMPEG.EXE', '/opt/tools/ffprobe.EXE'],
    ['/opt/tools/ffmpeg-7', '/opt/tools/ffprobe'],
  ])('media tool %o → %s', (setting, expected) => {
    expect(ffprobePath(setting)).toBe(expected);
  });
});
