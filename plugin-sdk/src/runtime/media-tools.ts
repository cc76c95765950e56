/**
 * Where ffmpeg and ffprobe are, from the application setting `media_tool_path` (the ffmpeg
 * executable; ffprobe is looked for beside it). Nothing configured → both from PATH.
 */
import { basename, dirname, extname, join } from 'node:path';

export const MEDIA_TOOL_SETTING = 'media_tool_path';

/** `/opt/ffmpeg/bin/ffmpeg.exe` → `/opt/ffmpeg/bin/ffprobe.exe`; nothing configured → `ffprobe`. */
export function ffprobePath(mediaToolPath: unknown): string {
  if (typeof mediaToolPath !== 'string' || mediaToolPath.trim() === '') return 'ffprobe';
  const ext = extname(mediaToolPath).toLowerCase() === '.exe' ? extname(mediaToolPath) : '';
  if (/^ffprobe$/i.test(basename(mediaToolPath, ext))) return mediaToolPath;
  return join(dirname(mediaToolPath), `ffprobe${ext}`);
}

/** The configured ffmpeg, or `ffmpeg` from PATH. */
export function ffmpegPath(mediaToolPath: unknown): string {
  return typeof mediaToolPath === 'string' && mediaToolPath.trim() !== '' ? mediaToolPath : 'ffmpeg';
}

/** ffprobe's arguments to print, as JSON and with only errors logged, the given `-show_entries` of one file. */
export function ffprobeJsonArgs(showEntries: string, file: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_entries', showEntries, file];
}
