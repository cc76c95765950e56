/** The plugin's own settings (validated by the core against package.json's schema, defaults applied). */
import type { JsonObject } from '@spindle/plugin-sdk';

export interface MakemkvSettings {
  /** `--minlength` for scan and rip alike (they must agree: title numbers depend on it). */
  minLengthSeconds: number;
  /** The watchdog stops makemkvcon after this long without progress or output growth. */
  stallTimeoutSeconds: number;
}

export const DEFAULT_SETTINGS: MakemkvSettings = { minLengthSeconds: 0, stallTimeoutSeconds: 300 };

export function readSettings(raw: JsonObject | undefined): MakemkvSettings {
  const min = raw?.min_length_seconds;
  const stall = raw?.stall_timeout_seconds;
  return {
    minLengthSeconds:
      typeof min === 'number' && Number.isInteger(min) && min >= 0 ? min : DEFAULT_SETTINGS.minLengthSeconds,
    stallTimeoutSeconds: typeof stall === 'number' && stall > 0 ? stall : DEFAULT_SETTINGS.stallTimeoutSeconds,
  };
}

/** `makemkvcon -r --progress=-same --minlength=N info <source>` */
export function infoArgs(settings: MakemkvSettings, source: string): string[] {
  return ['-r', '--progress=-same', `--minlength=${settings.minLengthSeconds}`, 'info', source];
}

/** `makemkvcon -r --progress=-same --minlength=N mkv <source> <title|all> <dir>` */
export function mkvArgs(settings: MakemkvSettings, source: string, title: number | 'all', outputDir: string): string[] {
  return [
    '-r',
    '--progress=-same',
    `--minlength=${settings.minLengthSeconds}`,
    'mkv',
    source,
    String(title),
    outputDir,
  ];
}
