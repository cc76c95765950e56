/** The plugin's settings (validated by the core against package.json's schema) and their defaults. */
import type { JsonObject } from '@spindle/plugin-sdk';

export type VideoCodec = 'h265' | 'h264';
export type HardwareChoice = 'auto' | 'off' | 'nvenc' | 'qsv' | 'vaapi';

export interface TranscodeSettings {
  codec: VideoCodec;
  crf: number;
  preset: string;
  hardware: HardwareChoice;
  vaapi_device: string;
  duration_tolerance_seconds: number;
}

export const DEFAULT_SETTINGS: TranscodeSettings = {
  codec: 'h265',
  crf: 22,
  preset: 'medium',
  hardware: 'auto',
  vaapi_device: '/dev/dri/renderD128',
  duration_tolerance_seconds: 1,
};

export function withDefaults(settings: JsonObject | Partial<TranscodeSettings>): TranscodeSettings {
  return { ...DEFAULT_SETTINGS, ...(settings as Partial<TranscodeSettings>) };
}

export function describeSettings(s: TranscodeSettings): string {
  return `${s.codec === 'h265' ? 'H.265' : 'H.264'} CRF ${s.crf}, preset ${s.preset}, hardware ${s.hardware}`;
}
