/**
 * Validates an ffmpeg installation: `ffmpeg -version` names the version on its first line, and
 * `ffmpeg -hide_banner -muxers` lists the `chromaprint` muxer (audio fingerprints are computed
 * with it). Never throws: every problem is `valid:false` with a message.
 */
import { executableProblem } from './tool-locations.ts';
import { DEFAULT_TOOL_TIMEOUT_MS, runTool } from './tool-runner.ts';

export interface MediaToolValidation {
  valid: boolean;
  path: string | null;
  version: string | null;
  /** The build has the chromaprint muxer. */
  chromaprint: boolean;
  message: string;
}

export interface MediaToolCheckOptions {
  platform?: NodeJS.Platform;
  timeoutMs?: number;
}

/** `ffmpeg version 5.1.9-0+deb12u1 Copyright (c) ...` → `5.1.9-0+deb12u1`. */
export function ffmpegVersion(output: string): string | null {
  const first = output.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  const match = /^ffmpeg version (\S+)/i.exec(first.trim());
  return match ? match[1]! : null;
}

/** True when a `-muxers` listing has the chromaprint muxer (` E chromaprint     Chromaprint`). */
export function hasChromaprintMuxer(muxers: string): boolean {
  return /^\s*[DE.]{1,3}\s+chromaprint\b/m.test(muxers);
}

export interface MediaToolProbe {
  version: string | null;
  problem: string | null;
}

/** Runs `ffmpeg -version` (used by validation and detection). */
export async function probeMediaTool(file: string, options: MediaToolCheckOptions = {}): Promise<MediaToolProbe> {
  const notRunnable = await executableProblem(file, options.platform ?? process.platform);
  if (notRunnable) return { version: null, problem: notRunnable };
  const run = await runTool(file, ['-version'], options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS);
  if (!run.ran) return { version: null, problem: run.problem };
  const version = ffmpegVersion(run.stdout);
  if (version === null || run.exitCode !== 0) {
    const first = (run.stdout || run.stderr).trim().split(/\r?\n/)[0]?.slice(0, 200) ?? '';
    return { version: null, problem: `${file} did not answer -version like ffmpeg${first ? `: "${first}"` : ''}` };
  }
  return { version, problem: null };
}

export async function validateMediaTool(
  file: string | null,
  options: MediaToolCheckOptions = {},
): Promise<MediaToolValidation> {
  if (file === null) {
    return {
      valid: false,
      path: null,
      version: null,
      chromaprint: false,
      message: 'ffmpeg was not found; install it or set media_tool_path to the ffmpeg executable',
    };
  }
  const probe = await probeMediaTool(file, options);
  if (probe.version === null)
    return {
      valid: false,
      path: file,
      version: null,
      chromaprint: false,
      message: probe.problem ?? 'ffmpeg could not be run',
    };
  const muxers = await runTool(file, ['-hide_banner', '-muxers'], options.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS);
  const chromaprint = muxers.ran && hasChromaprintMuxer(muxers.stdout);
  if (!chromaprint) {
    return {
      valid: false,
      path: file,
      version: probe.version,
      chromaprint: false,
      message: `ffmpeg ${probe.version} lacks the chromaprint muxer (audio fingerprints need it); install an ffmpeg build with --enable-chromaprint`,
    };
  }
  return {
    valid: true,
    path: file,
    version: probe.version,
    chromaprint: true,
    message: `ffmpeg ${probe.version} is ready (chromaprint available)`,
  };
}
