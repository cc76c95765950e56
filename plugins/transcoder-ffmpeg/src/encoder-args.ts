/**
 * Which ffmpeg encoder serves a codec on which hardware, and the arguments that make each one
 * encode at the CRF the user chose. Pure: no process runs here.
 */
import type { HardwareChoice, TranscodeSettings, VideoCodec } from './transcode-settings.ts';

export type EncoderFamily = 'software' | 'nvenc' | 'qsv' | 'vaapi';

export interface Encoder {
  name: string;
  family: EncoderFamily;
}

const NAMES: Record<EncoderFamily, Record<VideoCodec, string>> = {
  software: { h265: 'libx265', h264: 'libx264' },
  nvenc: { h265: 'hevc_nvenc', h264: 'h264_nvenc' },
  qsv: { h265: 'hevc_qsv', h264: 'h264_qsv' },
  vaapi: { h265: 'hevc_vaapi', h264: 'h264_vaapi' },
};

/** The order `auto` tries hardware in. */
const HARDWARE_ORDER: EncoderFamily[] = ['nvenc', 'qsv', 'vaapi'];

export function encoderFor(codec: VideoCodec, family: EncoderFamily): Encoder {
  return { name: NAMES[family][codec], family };
}

/** Encoder names from `ffmpeg -encoders` (lines like ` V....D libx265   libx265 H.265 / HEVC`). */
export function parseEncoderList(stdout: string): Set<string> {
  const names = new Set<string>();
  for (const line of stdout.split(/\r?\n/)) {
    const m = /^\s*[VAS][.A-Z]{5}\s+(\S+)/.exec(line);
    if (m && m[1] !== '=') names.add(m[1]!);
  }
  return names;
}

/** Hardware encoders worth trying, in order: those the setting allows and ffmpeg lists. */
export function hardwareCandidates(
  codec: VideoCodec,
  hardware: HardwareChoice,
  listed: ReadonlySet<string>,
): Encoder[] {
  const families = hardware === 'off' ? [] : hardware === 'auto' ? HARDWARE_ORDER : [hardware];
  return families.map((family) => encoderFor(codec, family)).filter((encoder) => listed.has(encoder.name));
}

/** Arguments for one encoder: `global` go before the input, `video` after the stream maps. */
export function encoderArgs(encoder: Encoder, settings: TranscodeSettings): { global: string[]; video: string[] } {
  const crf = String(settings.crf);
  switch (encoder.family) {
    case 'software':
      return {
        global: [],
        video: [
          '-c:v',
          encoder.name,
          '-crf',
          crf,
          '-preset',
          settings.preset,
          ...(encoder.name === 'libx265' ? ['-x265-params', 'log-level=error'] : []),
        ],
      };
    case 'nvenc':
      // Constant quality: VBR with a CQ target and no bitrate cap.
      return { global: [], video: ['-c:v', encoder.name, '-preset', 'p5', '-rc', 'vbr', '-cq', crf, '-b:v', '0'] };
    case 'qsv':
      return { global: [], video: ['-c:v', encoder.name, '-global_quality', crf, '-preset', 'medium'] };
    case 'vaapi':
      return {
        global: ['-vaapi_device', settings.vaapi_device],
        video: ['-vf', 'format=nv12,hwupload', '-c:v', encoder.name, '-rc_mode', 'CQP', '-qp', crf],
      };
  }
}
