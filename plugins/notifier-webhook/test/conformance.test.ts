import { describe, it } from 'vitest';
import type { Notifier } from '@spindle/plugin-sdk';
import { createFakeSetup, notifierConformance, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

const settingFor = { webhook: (url: string) => ({ webhook_url: url }), ntfy: (url: string) => ({ ntfy_server: url, ntfy_topic: 'spindle' }), discord: (url: string) => ({ discord_webhook_url: url }) };

for (const id of ['webhook', 'ntfy', 'discord'] as const) {
  const create = async (url: string | null): Promise<Notifier> => {
    const setup = await createFakeSetup({ settings: url === null ? {} : settingFor[id](url) });
    return await plugin.definition.providers!.notifier![id]!(setup);
  };
  runConformance(notifierConformance({ create }), { describe, it }, `notifier-webhook ${id} conformance`);
}
