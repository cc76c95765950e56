/**
 * What the core learns from the plugin manifests before any plugin runs: which settings are
 * secrets (named like one or `writeOnly`), which are server-level (`x-spindle-server-level`), and
 * where each plugin sends its credentials (its URL settings and the application secrets it reads).
 * Also: the server-level application fields the environment sets.
 */
import type { PluginManifest } from '@spindle/plugin-sdk';
import type { ServerSettings } from '../config/server-settings.ts';
import { SECRET_FIELDS } from '../config/config-values.ts';
import { declareWriteOnlySettings } from '../config/secret-registry.ts';
import { declareSecretDestinations } from '../config/secret-binding.ts';
import { declareServerLevelSettings, type ServerLevelField } from '../config/server-level.ts';

export function declarePluginSettingRoles(manifests: readonly PluginManifest[]): void {
  for (const manifest of manifests) {
    declareWriteOnlySettings(manifest.id, manifest.settingsSchema);
    declareServerLevelSettings(manifest.id, manifest.settingsSchema);
    declareSecretDestinations(
      manifest.id,
      manifest.settingsSchema,
      (manifest.appSettings ?? []).filter((name) => (SECRET_FIELDS as string[]).includes(name)),
    );
  }
}

/** RIPPER_PATH and MEDIA_TOOL_PATH, when set: they win over stored values. */
export function serverLevelEnvironment(settings: ServerSettings): Partial<Record<ServerLevelField, string>> {
  return {
    ...(settings.ripperPath ? { ripper_path: settings.ripperPath } : {}),
    ...(settings.mediaToolPath ? { media_tool_path: settings.mediaToolPath } : {}),
  };
}
