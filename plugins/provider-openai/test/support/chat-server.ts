/**
 * A local stand-in for an OpenAI-compatible endpoint (node:http on 127.0.0.1, random port):
 * `POST /v1/chat/completions` answers `{id, object: "chat.completion", choices: [{message:
 * {role: "assistant", content}}], usage}` with the content the test sets; 401 with OpenAI's error
 * body when a key is required and missing or wrong. Faults can be queued; requests are recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatServer {
  url: string;
  requests: { authorization: string | undefined; body: Record<string, unknown> }[];
  /** The assistant message content of the next answers (the last one repeats). */
  reply(content: string): void;
  fail(...faults: { status: number; headers?: Record<string, string>; body: unknown }[]): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startChatServer(options: { key?: string } = {}): Promise<ChatServer> {
  let content = '{}';
  const faults: { status: number; headers?: Record<string, string>; body: unknown }[] = [];
  const requests: ChatServer['requests'] = [];
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return send(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    requests.push({ authorization: req.headers.authorization, body });
    const fault = faults.shift();
    if (fault) return send(res, fault.status, fault.body, fault.headers);
    if (options.key !== undefined && req.headers.authorization !== `Bearer ${options.key}`) {
      return send(res, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
      });
    }
    send(res, 200, {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (next) => void (content = next),
    fail: (...more) => faults.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
