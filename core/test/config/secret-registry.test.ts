/**
 * One answer to "is this a secret?" (secret-registry.ts), and the places that ask it agree:
 * masking in /api/config, the values the log redactor and the diagnostics report remove.
 */
import { describe, expect, it } from 'vitest';
import { APP_CONFIG_FIELD_NAMES, SECRET_MASK, type AppConfig } from '../../src/config/app-config-fields.ts';
import { defaultValue, maskConfig } from '../../src/config/config-values.ts';
import {
  configuredSecretValues,
  declareWriteOnlySettings,
  isSecretField,
  isSecretPluginSetting,
  SECRET_FIELD_NAMES,
} from '../../src/config/secret-registry.ts';
import { buildDiagnosticsReport } from '../../src/diagnostics/diagnostics-report.ts';
import { SecretRedactor } from '../../src/logging/secret-redactor.ts';

function config(overrides: Partial<AppConfig>): AppConfig {
  const base = Object.fromEntries(APP_CONFIG_FIELD_NAMES.map((f) => [f, defaultValue(f)])) as unknown as AppConfig;
  return { ...base, ...overrides };
}

describe('the secret registry', () => {
  declareWriteOnlySettings('notify-hook-test', {
    properties: { url: { type: 'string', writeOnly: true }, channel: { type: 'string' } },
  });
  const settings = {
    'notify-hook-test': { url: 'https://hooks.example/T0K3N-url-qx9', channel: 'general-room' },
    'provider-test': { api_key: 'sk-provider-qx9', model: 'llama-qx9', refresh_tokens: ['nested-token-qx9'] },
  };
  const cfg = config({
    ripper_key: 'T-ripperkey-qx9',
    catalog_api_key: 'catalog-token-qx9',
    plugin_settings: settings,
  });

  it('knows the secret application fields, credential-named and writeOnly plugin settings', () => {
    expect(SECRET_FIELD_NAMES).toEqual(expect.arrayContaining(['ripper_key', 'catalog_api_key']));
    expect(isSecretField('ripper_key')).toBe(true);
    expect(isSecretField('staging_path')).toBe(false);
    expect(isSecretPluginSetting('notify-hook-test', 'url')).toBe(true); // writeOnly in its manifest
    expect(isSecretPluginSetting('other-plugin', 'url')).toBe(false);
    expect(isSecretPluginSetting('provider-test', 'api_key')).toBe(true); // named like a credential
    expect(isSecretPluginSetting('provider-test', 'model')).toBe(false);
  });

  it('masking, redaction and the diagnostics report remove the same values', async () => {
    const values = configuredSecretValues(cfg);
    expect(values.sort()).toEqual(
      [
        'T-ripperkey-qx9',
        'catalog-token-qx9',
        'https://hooks.example/T0K3N-url-qx9',
        'nested-token-qx9',
        'sk-provider-qx9',
      ].sort(),
    );

    const masked = maskConfig(cfg);
    expect(masked.ripper_key).toBe(SECRET_MASK);
    expect(masked.plugin_settings['notify-hook-test']).toEqual({ url: SECRET_MASK, channel: 'general-room' });
    expect(masked.plugin_settings['provider-test']!.api_key).toBe(SECRET_MASK);

    const redactor = new SecretRedactor();
    redactor.follow(() => configuredSecretValues(cfg));
    const line = `sent to https://hooks.example/T0K3N-url-qx9 with sk-provider-qx9 and nested-token-qx9 in general-room`;
    expect(redactor.redact(line)).toBe('sent to *** with *** and *** in general-room');

    const { report } = await buildDiagnosticsReport({
      version: 'test',
      settings: { dataDir: '/nowhere', databaseUrl: '/nowhere/spindle.db', debug: false },
      config: () => cfg,
      problems: () => [{ level: 'error', at: new Date().toISOString(), scope: 'test', message: line } as never],
      plugins: () => [],
      jobs: { get: async () => null, timeline: async () => [] },
    });
    for (const value of values) expect(report).not.toContain(value);
    expect(report).toContain('general-room');
  });
});
