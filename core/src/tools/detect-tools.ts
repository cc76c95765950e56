/**
 * Auto-detection of the ripper and the media tool: the first executable candidate of each (PATH,
 * then the platform's install locations) and the version it reports.
 */
import { probeMediaTool } from './media-tool-validation.ts';
import { probeRipper } from './ripper-validation.ts';
import { findTool, type ToolSearchOptions } from './tool-locations.ts';

export interface DetectedTool {
  found: boolean;
  path: string | null;
  /** The version the tool reports; null when not found or it could not be read. */
  version: string | null;
}

export interface DetectedTools {
  ripper: DetectedTool;
  media_tool: DetectedTool;
}

export interface DetectOptions extends ToolSearchOptions {
  timeoutMs?: number;
}

export async function detectTools(options: DetectOptions = {}): Promise<DetectedTools> {
  const probeOptions = {
    ...(options.platform ? { platform: options.platform } : {}),
    ...(options.homeDir ? { homeDir: options.homeDir } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
  const [ripperPath, mediaToolPath] = await Promise.all([findTool('ripper', options), findTool('media_tool', options)]);
  const [ripper, mediaTool] = await Promise.all([
    ripperPath ? probeRipper(ripperPath, probeOptions) : null,
    mediaToolPath ? probeMediaTool(mediaToolPath, probeOptions) : null,
  ]);
  return {
    ripper: { found: ripperPath !== null, path: ripperPath, version: ripper?.version ?? null },
    media_tool: { found: mediaToolPath !== null, path: mediaToolPath, version: mediaTool?.version ?? null },
  };
}
