/**
 * The plugin's settings. Their defaults live once, in package.json's settingsSchema: the core (and
 * the SDK's test kit) fills them in and validates them before a factory runs.
 */

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

export function describeSettings(s: TranscodeSettings): string {
  return `${s.codec === 'h265' ? 'H.265' : 'H.264'} CRF ${s.crf}, preset ${s.preset}, hardware ${s.hardware}`;
}
