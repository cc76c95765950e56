/**
 * Settings that only work together: turning on a feature that needs a provider also puts the
 * bundled provider in the pipeline when none is configured, in the same write (API, CLI and UI
 * alike), so "on" never means "on, but nothing happens".
 */
import type { AppConfig } from './app-config-fields.ts';

/** The bundled transcoder that `transcoding_enabled` turns on when no transcoder is configured. */
export const DEFAULT_TRANSCODER = 'ffmpeg';

/** The pipeline a write must also store, or null when the write needs nothing more. */
export function impliedPipeline(incoming: Partial<AppConfig>, current: AppConfig): AppConfig['pipeline'] | null {
  if (incoming.transcoding_enabled !== true || current.transcoding_enabled === true) return null;
  const pipeline = incoming.pipeline ?? current.pipeline;
  if ((pipeline.providers?.transcoder ?? []).length > 0) return null;
  return { ...pipeline, providers: { ...pipeline.providers, transcoder: [DEFAULT_TRANSCODER] } };
}
