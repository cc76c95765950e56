/**
 * The three notifiers also pass the SDK's contract suite for any notifier (through createProvider,
 * with the manifest's defaults applied as the core applies them), delivering to a local recording server.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  createProvider,
  notifierContractConformance,
  readManifest,
  runConformance,
  startRecordingServer,
  type RecordingHttpServer,
} from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

let server: RecordingHttpServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());

const manifest = readManifest(new URL('../package.json', import.meta.url));
const settingFor = {
  webhook: () => ({ webhook_url: `${server.url}/hook` }),
  ntfy: () => ({ ntfy_server: server.url, ntfy_topic: 'spindle' }),
  discord: () => ({ discord_webhook_url: `${server.url}/discord` }),
};

for (const id of ['webhook', 'ntfy', 'discord'] as const) {
  runConformance(
    notifierContractConformance({
      create: () => createProvider(plugin, 'notifier', id, { manifest, settings: settingFor[id]() }),
    }),
    { describe, it },
    `notifier-webhook ${id} contract conformance`,
  );
}
