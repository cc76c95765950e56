/**
 * Plugin settings that are secrets (secret-registry.ts decides which) are answered as "***" like
 * the application's own secrets, and "***" sent back means "unchanged".
 */
import { SECRET_MASK } from './app-config-fields.ts';
import { isSecretPluginSetting } from './secret-registry.ts';

type PluginSettings = Record<string, Record<string, unknown>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function maskPluginSecrets(settings: PluginSettings): PluginSettings {
  return Object.fromEntries(
    Object.entries(settings).map(([plugin, values]) => [
      plugin,
      isObject(values)
        ? Object.fromEntries(
            Object.entries(values).map(([key, value]) => [
              key,
              isSecretPluginSetting(plugin, key) && typeof value === 'string' && value !== '' ? SECRET_MASK : value,
            ]),
          )
        : values,
    ]),
  );
}

/** Incoming plugin settings with every "***" credential replaced by the stored value (or dropped when none is stored). */
export function keepMaskedPluginSecrets(incoming: unknown, current: unknown): unknown {
  if (!isObject(incoming)) return incoming;
  const stored = isObject(current) ? current : {};
  return Object.fromEntries(
    Object.entries(incoming).map(([plugin, values]) => {
      if (!isObject(values)) return [plugin, values];
      const before = isObject(stored[plugin]) ? stored[plugin] : {};
      const kept = Object.entries(values).flatMap(([key, value]) => {
        if (value !== SECRET_MASK || !isSecretPluginSetting(plugin, key)) return [[key, value]];
        return Object.hasOwn(before, key) ? [[key, before[key]]] : [];
      });
      return [plugin, Object.fromEntries(kept)];
    }),
  );
}
