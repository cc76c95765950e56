/**
 * The configuration and the plugin list, as the settings screen, the wizard and the disclosure
 * prompt use them. Saving sends a JSON Merge Patch (PATCH /api/config) of only what changed:
 * `pipeline` and `plugin_settings` as the difference from the loaded configuration (a removed key
 * as null). A 400 is kept as `fieldErrors` keyed by the field the API's message names, so the form
 * shows it next to that field.
 */
import {
  getConfig,
  listPlugins,
  patchConfig,
  type AppConfig,
  type AppConfigUpdate,
  type ListPluginsResponse,
} from '../api/generated.ts';
import { ApiError, errorMessage } from '../api/runtime.ts';
import { humanizeFieldNames } from '../config-fields.ts';
import { diffMergePatch, isEmptyPatch } from '../merge-patch.ts';

export type PluginInfo = ListPluginsResponse[number];

export interface SaveResult {
  ok: boolean;
  restartRequired: string[];
  /** Secrets the service cleared because the URL they are sent to changed (enter them again). */
  clearedSecrets: string[];
  message: string | null;
}

/** A setting only the machine can change (the API shows it read-only), and how to change it there. */
export type ReadOnlySetting = AppConfig['read_only'][number];

/** The config field a 400 message is about: `Invalid value for "x"`, `field 'x' must …`, `… "x" …`. */
export function fieldOfError(message: string, fields: readonly string[]): string | null {
  const quoted = [...message.matchAll(/["'`]([a-z_][a-z0-9_]*)(?:[."'`[])/gi)].map((m) => m[1]!);
  for (const name of quoted) if (fields.includes(name)) return name;
  for (const name of fields) if (new RegExp(`\\b${name}\\b`).test(message)) return name;
  return null;
}

export class ConfigState {
  config = $state<AppConfig | null>(null);
  plugins = $state<PluginInfo[]>([]);
  loaded = $state(false);
  loadError = $state<string | null>(null);
  saving = $state(false);
  /** Messages from the last failed save, by field name ('' for a message about no one field). */
  fieldErrors = $state<Record<string, string>>({});

  async load(): Promise<void> {
    try {
      const [config, plugins] = await Promise.all([getConfig(), listPlugins()]);
      this.config = config;
      this.plugins = plugins;
      this.loadError = null;
    } catch (error) {
      this.loadError = errorMessage(error);
    } finally {
      this.loaded = true;
    }
  }

  /** No staging folder, or no library folder at all: the first-run wizard has work to do. */
  get needsSetup(): boolean {
    const c = this.config;
    return !!c && (!c.staging_path || (!c.library_movies_path && !c.library_tv_path));
  }

  /** Told after every successful save (the app refreshes /api/status: pending restarts, safe mode). */
  onSaved: (() => void) | null = null;

  /** `changes` may carry whole `pipeline` / `plugin_settings` values: only their difference is sent. */
  async save(changes: AppConfigUpdate): Promise<SaveResult> {
    const patch = this.mergePatch(changes);
    if (Object.keys(patch).length === 0) return { ok: true, restartRequired: [], clearedSecrets: [], message: null };
    this.saving = true;
    try {
      const { data } = await patchConfig(patch);
      this.config = data;
      this.fieldErrors = {};
      this.onSaved?.();
      return {
        ok: true,
        restartRequired: data.restart_required ?? [],
        clearedSecrets: data.cleared_secrets ?? [],
        message: null,
      };
    } catch (error) {
      const raw = errorMessage(error);
      // Shown to a person: field names become their labels ("Staging folder").
      const message = humanizeFieldNames(raw);
      if (error instanceof ApiError && error.status === 400) {
        const field = fieldOfError(raw, Object.keys(patch));
        this.fieldErrors = { [field ?? '']: message };
      } else {
        this.fieldErrors = { '': message };
      }
      return { ok: false, restartRequired: [], clearedSecrets: [], message };
    } finally {
      this.saving = false;
    }
  }

  private mergePatch(changes: AppConfigUpdate): AppConfigUpdate {
    const patch: Record<string, unknown> = { ...changes };
    for (const key of ['pipeline', 'plugin_settings'] as const) {
      if (!(key in changes) || !this.config) continue;
      const diff = diffMergePatch($state.snapshot(this.config[key]), changes[key]);
      if (isEmptyPatch(diff)) delete patch[key];
      else patch[key] = diff;
    }
    return patch as AppConfigUpdate;
  }

  /** The read-only entry of a field (`ripper_path`, `plugin_settings.<plugin>.<setting>`), or null. */
  readOnlySetting(field: string): ReadOnlySetting | null {
    return this.config?.read_only.find((r) => r.field === field) ?? null;
  }

  clearErrors(): void {
    this.fieldErrors = {};
  }
}
