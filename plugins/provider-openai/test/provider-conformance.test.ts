/** The OpenAI-compatible provider passes the SDK's AI conformance suite against a local chat server. */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { aiConformance, createProvider, readManifest, runConformance } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';
import { startChatServer, type ChatServer } from './support/chat-server.ts';

const KEY = 'sk-test-0123456789';
let server: ChatServer;
beforeAll(async () => {
  server = await startChatServer({ key: KEY });
  server.reply(JSON.stringify({ title: 'Great Movie' }));
});
afterAll(() => server.close());

const manifest = readManifest(new URL('../package.json', import.meta.url));

runConformance(
  aiConformance({
    create: () =>
      createProvider(plugin, 'ai', 'openai', {
        manifest,
        settings: { base_url: server.url, model: 'llama3.1', api_key: KEY },
      }),
    request: {
      system: 'Answer with JSON.',
      user: 'Which movie is on GREAT_MOVIE?',
      schema: { type: 'object', properties: { title: { type: 'string' } } },
    },
  }),
  { describe, it },
  'openai ai conformance',
);
