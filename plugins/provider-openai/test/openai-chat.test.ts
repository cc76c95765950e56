import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AiRequest, JsonObject } from '@spindle/plugin-sdk';
import { createFakeSetup, type FakeSetup } from '@spindle/plugin-sdk/testing';
import { parseJsonContent } from '../src/json-answer.ts';
import { OpenAiChat } from '../src/openai-chat.ts';
import { startChatServer, type ChatServer } from './support/chat-server.ts';

const KEY = 'sk-test-0123456789';
let server: ChatServer;
const setups: FakeSetup[] = [];
beforeAll(async () => (server = await startChatServer({ key: KEY })));
afterAll(() => server.close());
afterEach(async () => {
  server.requests.length = 0;
  await Promise.all(setups.splice(0).map((s) => s.dispose()));
});

const schema: JsonObject = {
  type: 'object',
  required: ['title'],
  properties: { title: { type: 'string' } },
  additionalProperties: false,
};
const request = (signal = new AbortController().signal): AiRequest => ({
  system: 'You answer in JSON.',
  user: 'What is DS9?',
  schema,
  signal,
});

async function chat(settings: JsonObject = {}, sleeps?: number[]) {
  const setup = await createFakeSetup({
    settings: { base_url: server.url, model: 'llama3.1', api_key: KEY, ...settings },
  });
  setups.push(setup);
  return new OpenAiChat(setup, sleeps ? async (ms) => void sleeps.push(ms) : undefined);
}

describe('OpenAiChat', () => {
  it('posts a chat completion asking for JSON with the schema, and returns the parsed answer', async () => {
    server.reply('{"title": "Star Trek: Deep Space Nine"}');
    expect(await (await chat()).completeJson(request())).toEqual({ title: 'Star Trek: Deep Space Nine' });
    const sent = server.requests[0]!;
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.body).toEqual({
      model: 'llama3.1',
      temperature: 0,
      messages: [
        { role: 'system', content: 'You answer in JSON.' },
        { role: 'user', content: 'What is DS9?' },
      ],
      response_format: { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema } },
    });
  });

  it('can ask for a plain JSON object, and sends no key when none is set (a local Ollama)', async () => {
    const open = await startChatServer();
    try {
      const setup = await createFakeSetup({
        settings: { base_url: `${open.url}/`, model: 'llama3.1', response_format: 'json_object' },
      });
      setups.push(setup);
      open.reply('```json\n{"title": "Dune"}\n```');
      expect(await new OpenAiChat(setup).completeJson(request())).toEqual({ title: 'Dune' });
      expect(open.requests[0]!.authorization).toBeUndefined();
      expect(open.requests[0]!.body.response_format).toEqual({ type: 'json_object' });
    } finally {
      await open.close();
    }
  });

  it('is off until base_url and model are set', async () => {
    const setup = await createFakeSetup({ settings: {} });
    setups.push(setup);
    const provider = new OpenAiChat(setup);
    expect(provider.configured).toBe(false);
    await expect(provider.completeJson(request())).rejects.toMatchObject({
      code: 'ai_not_configured',
      category: 'configuration',
    });
  });

  it('says the key was refused on 401, without repeating the key', async () => {
    const error = await (await chat({ api_key: 'sk-wrong' })).completeJson(request()).catch((e: Error) => e);
    expect(error).toMatchObject({
      code: 'ai_unauthorized',
      message:
        'AI endpoint refused the API key (HTTP 401: Incorrect API key provided.); check api_key in the provider-openai settings',
    });
    expect((error as Error).message).not.toContain('sk-wrong');
  });

  it('waits once for Retry-After on 429, then gives up with a coded error', async () => {
    const sleeps: number[] = [];
    server.reply('{"title": "X"}');
    server.fail({ status: 429, headers: { 'Retry-After': '2' }, body: { error: { message: 'Rate limit reached' } } });
    expect(await (await chat({}, sleeps)).completeJson(request())).toEqual({ title: 'X' });
    expect(sleeps).toEqual([2000]);
    server.fail(
      ...[1, 2].map(() => ({
        status: 429,
        headers: { 'Retry-After': '1' },
        body: { error: { message: 'Rate limit reached' } },
      })),
    );
    await expect((await chat({}, sleeps)).completeJson(request())).rejects.toMatchObject({
      code: 'ai_rate_limited',
      retryable: true,
    });
  });

  it.each([
    [
      { status: 500, body: { error: { message: 'The server had an error' } } },
      'ai_unavailable',
      'AI endpoint answered HTTP 500: The server had an error',
    ],
    [
      { status: 200, body: 'not json at all' },
      'ai_bad_response',
      'AI answer unusable: the endpoint did not answer with JSON',
    ],
    [
      { status: 200, body: { choices: [] } },
      'ai_bad_response',
      'AI answer unusable: no choices in the chat-completions answer',
    ],
    [
      {
        status: 200,
        body: { choices: [{ message: { role: 'assistant', content: null, refusal: 'I cannot help.' } }] },
      },
      'ai_bad_response',
      'AI answer unusable: the model refused (I cannot help.)',
    ],
    [
      { status: 200, body: { choices: [{ message: { role: 'assistant', content: 'It is probably Dune.' } }] } },
      'ai_bad_response',
      'AI answer unusable: the content is not JSON (It is probably Dune.)',
    ],
  ])('turns %j into a coded error', async (fault, code, message) => {
    server.fail(fault);
    await expect((await chat()).completeJson(request())).rejects.toMatchObject({ code, message });
  });

  it('stops waiting when the caller aborts', async () => {
    const { createServer } = await import('node:http');
    const hanging = createServer(() => undefined); // accepts the request and never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = hanging.address() as { port: number };
      const setup = await createFakeSetup({
        settings: { base_url: `http://127.0.0.1:${port}/v1`, model: 'm', request_timeout_seconds: 30 },
      });
      setups.push(setup);
      const controller = new AbortController();
      const pending = new OpenAiChat(setup).completeJson(request(controller.signal));
      setTimeout(() => controller.abort(new Error('Cancelled by user')), 30);
      await expect(pending).rejects.toMatchObject({ code: 'aborted', message: 'Cancelled by user' });
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });

  it('finds the JSON object in prose around it', () => {
    expect(parseJsonContent('Sure! {"title": "Dune", "year": 2021} Hope that helps.')).toEqual({
      title: 'Dune',
      year: 2021,
    });
  });
});
