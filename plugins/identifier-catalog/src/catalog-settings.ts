/** The identifier's settings; defaults come from the settings schema in package.json (one source). */
import manifest from '../package.json' with { type: 'json' };

export interface CatalogIdentifierSettings {
  aliases: Record<string, string>;
  max_results_per_search: number;
  runtime_checks: number;
  ambiguity_margin: number;
}

const properties = manifest.spindle.settingsSchema.properties;

export const DEFAULT_SETTINGS: Readonly<CatalogIdentifierSettings> = Object.freeze({
  aliases: {},
  max_results_per_search: properties.max_results_per_search.default,
  runtime_checks: properties.runtime_checks.default,
  ambiguity_margin: properties.ambiguity_margin.default,
});

export function readSettings(settings: Record<string, unknown> | undefined): CatalogIdentifierSettings {
  const number = (key: 'max_results_per_search' | 'runtime_checks' | 'ambiguity_margin') => {
    const value = settings?.[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_SETTINGS[key];
  };
  const aliases = settings?.aliases;
  return {
    aliases:
      typeof aliases === 'object' && aliases !== null && !Array.isArray(aliases)
        ? (aliases as Record<string, string>)
        : {},
    max_results_per_search: number('max_results_per_search'),
    runtime_checks: number('runtime_checks'),
    ambiguity_margin: number('ambiguity_margin'),
  };
}
