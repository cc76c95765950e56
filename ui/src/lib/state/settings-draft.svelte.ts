/**
 * What the settings screen's forms hold before they are saved: a draft value per config field,
 * the text typed into each secret and whether a secret is to be removed. One instance for the
 * whole screen, so switching sections or searching keeps what was typed.
 */
import type { AppConfig, AppConfigUpdate } from '../api/generated.ts';
import { fieldByName } from '../config-fields.ts';

export class SettingsDraft {
  values = $state<Record<string, unknown>>({});
  secretText = $state<Record<string, string>>({});
  secretClear = $state<Record<string, boolean>>({});

  /** Back to what the service holds, for these fields. */
  reset(config: AppConfig | null, names: readonly string[]): void {
    if (!config) return;
    const snapshot = $state.snapshot(config) as Record<string, unknown>;
    for (const name of names) {
      this.values[name] = structuredClone(snapshot[name]);
      this.secretText[name] = '';
      this.secretClear[name] = false;
    }
  }

  /** The changed fields among `names`, as an update (secrets only when typed or removed). */
  patchFor(config: AppConfig | null, names: readonly string[]): AppConfigUpdate {
    const patch: Record<string, unknown> = {};
    const current = (config ?? {}) as Record<string, unknown>;
    for (const name of names) {
      const field = fieldByName(name);
      if (field.secret) {
        if (this.secretClear[name]) patch[name] = null;
        else if ((this.secretText[name] ?? '').trim()) patch[name] = this.secretText[name]!.trim();
        continue;
      }
      if (field.kind === 'readonly') continue;
      if (JSON.stringify(this.values[name] ?? null) !== JSON.stringify(current[name] ?? null))
        patch[name] = this.values[name];
    }
    return patch as AppConfigUpdate;
  }
}
