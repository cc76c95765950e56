import { describe, it } from 'vitest';
import type { Notifier } from '@spindle/plugin-sdk';
import { createFakeSetup, notifierConformance, readManifest, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import type { NotifierSettings } from '../src/notifier-settings.ts';

const manifest = readManifest(new URL('../package.json', import.meta.url));

const settingFor = {
  webhook: (url: string) => ({ webhook_url: url }),
  ntfy: (url: string) => ({ ntfy_server: url, ntfy_topic: 'spindle' }),
  discord: (url: string) => ({ discord_webhook_url: url }),
  gotify: (url: string) => ({ gotify_url: url, gotify_token: 'app-token' }),
  apprise: (url: string) => ({ apprise_url: url, apprise_key: 'spindle' }),
  'apprise-stateless': (url: string) => ({ apprise_url: url, apprise_urls: 'json://127.0.0.1:9/x' }),
};

for (const variant of ['webhook', 'ntfy', 'discord', 'gotify', 'apprise', 'apprise-stateless'] as const) {
  const id = variant === 'apprise-stateless' ? 'apprise' : variant;
  const create = async (url: string | null): Promise<Notifier> => {
    const setup = await createFakeSetup<NotifierSettings>({
      manifest,
      settings: url === null ? {} : settingFor[variant](url),
    });
    return await plugin.definition.providers!.notifier![id]!(setup);
  };
  runConformance(notifierConformance({ create }), { describe, it }, `notifier-webhook ${variant} conformance`);
}
