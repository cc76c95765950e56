import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { ConfigService } from '../../src/config/config-service.ts';
import { openTempDatabase } from '../persistence/test-database.ts';

async function service() {
  const config = new ConfigService((await openTempDatabase()).config);
  await config.load();
  return config;
}

describe('plugin settings that are credentials', () => {
  it('are answered as "***" and kept when "***" comes back', async () => {
    const config = await service();
    const sent = {
      'provider-openai': { base_url: 'http://127.0.0.1:11434/v1', api_key: 'sk-secret-1', model: 'llama3.1' },
    };
    const result = await config.update({ plugin_settings: sent });
    expect(result.config.plugin_settings).toEqual({
      'provider-openai': { base_url: 'http://127.0.0.1:11434/v1', api_key: '***', model: 'llama3.1' },
    });
    expect(JSON.stringify(config.masked())).not.toContain('sk-secret-1');

    await config.update({
      plugin_settings: { 'provider-openai': { ...result.config.plugin_settings['provider-openai'], model: 'qwen2.5' } },
    });
    expect(config.get().plugin_settings['provider-openai']).toEqual({
      base_url: 'http://127.0.0.1:11434/v1',
      api_key: 'sk-secret-1',
      model: 'qwen2.5',
    });
  });

  it('can be replaced or cleared, and an unknown "***" is dropped rather than stored', async () => {
    const config = await service();
    await config.update({ plugin_settings: { 'provider-openai': { api_key: 'sk-one' } } });
    await config.update({ plugin_settings: { 'provider-openai': { api_key: 'sk-two' } } });
    expect(config.get().plugin_settings['provider-openai']!.api_key).toBe('sk-two');
    // A merge patch: null removes the setting (the plugin's default applies again).
    await config.update({ plugin_settings: { 'provider-openai': { api_key: null } } });
    expect(config.get().plugin_settings['provider-openai']).not.toHaveProperty('api_key');
    expect(config.masked().plugin_settings['provider-openai']).not.toHaveProperty('api_key');
    await config.update({ plugin_settings: { other: { token: '***', language: 'en' } } });
    expect(config.get().plugin_settings.other).toEqual({ language: 'en' });
  });

  it('leaves settings that are not credentials alone', async () => {
    const config = await service();
    await config.update({
      plugin_settings: {
        'identifier-catalog': { aliases: { DS9: 'Star Trek: Deep Space Nine' }, max_results_per_search: 5 },
      },
    });
    expect(config.masked().plugin_settings['identifier-catalog']).toEqual({
      aliases: { DS9: 'Star Trek: Deep Space Nine' },
      max_results_per_search: 5,
    });
  });
});
