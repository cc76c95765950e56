/** Turns ffprobe's JSON answer into the facts a ScannedTitle needs. */

export interface ProbeFacts {
  durationSeconds: number;
  /** "1080p" etc.; null when the file has no video stream. */
  resolution: string | null;
  chapters: number;
}

interface ProbeJson {
  format?: { duration?: string };
  streams?: { codec_type?: string; height?: number }[];
  chapters?: unknown[];
}

const NAMED_HEIGHTS: Record<number, string> = { 2160: '2160p', 1080: '1080p', 720: '720p', 480: '480p' };

export function resolutionLabel(height: number | null | undefined): string | null {
  if (typeof height !== 'number' || !Number.isFinite(height) || height <= 0) return null;
  return NAMED_HEIGHTS[height] ?? `${Math.round(height)}p`;
}

/** Parses `ffprobe -print_format json -show_entries format=duration:stream=codec_type,width,height:chapter=id`. */
export function parseProbeJson(stdout: string): ProbeFacts | null {
  let json: ProbeJson;
  try {
    json = JSON.parse(stdout) as ProbeJson;
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const duration = Number(json.format?.duration);
  const video = json.streams?.find((s) => s.codec_type === 'video');
  return {
    durationSeconds: Number.isFinite(duration) && duration > 0 ? Math.round(duration * 1000) / 1000 : 0,
    resolution: resolutionLabel(video?.height),
    chapters: Array.isArray(json.chapters) ? json.chapters.length : 0,
  };
}
