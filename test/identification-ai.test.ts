/**
 * The AI fallback through the real service, with the real OpenAI-compatible provider talking to a
 * local chat-completions stand-in: configured only by plugin settings (its key masked in
 * /api/config and kept out of the logs), asked last, answers validated, confidence capped — a
 * medium answer is used with classification_source ai, a low one or a failure sends the job to
 * review with a reason.
 */
import { link, mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChatServer, type ChatServer } from '../plugins/provider-openai/test/support/chat-server.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';

const KEY = 'sk-spindle-test-7f3a9c';
let svc: TestService;
let api: ReturnType<typeof apiClient>;
let chat: ChatServer;
let staging: string;
let sample: string;

beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'spindle-ai-'));
  staging = join(root, 'staging');
  await mkdir(staging);
  sample = join(root, 'one-title.mkv');
  await makeLongMkv(sample, 2640); // a lone 44-minute title: the heuristic cannot tell what it is
  chat = await startChatServer({ key: KEY });
  svc = await startTestService({
    config: {
      staging_path: staging,
      pipeline: {
        detectors: [],
        identifiers: ['disc-lookup', 'catalog', 'heuristic', 'ai'],
        providers: { disc_lookup: ['thediscdb'], catalog: ['tmdb'], ai: ['openai'] },
      },
      plugin_settings: { 'provider-openai': { base_url: chat.url, model: 'test-model', api_key: KEY } },
    },
  });
  api = apiClient(svc.url);
}, 60_000);
afterAll(async () => {
  await svc?.close();
  await chat?.close();
});

async function identified(label: string) {
  const folder = join(staging, label);
  await mkdir(folder);
  await link(sample, join(folder, 'title_t00.mkv'));
  const id = (await api.post('/api/staging/import', { staging_path: folder })).body.id as number;
  const detail = await eventually(
    () => api.get(`/api/jobs/${id}/detail`),
    (r) => (r.body.timeline as { from: string }[]).some((e) => e.from === 'identifying'),
    30_000,
  );
  return {
    job: detail.body,
    after: (detail.body.timeline as { from: string; to: string }[]).find((e) => e.from === 'identifying')!.to,
  };
}

describe('AI fallback through the service', () => {
  it('keeps the endpoint key out of /api/config and the logs', async () => {
    const config = await api.get('/api/config');
    expect(config.body.plugin_settings['provider-openai']).toEqual({
      base_url: chat.url,
      model: 'test-model',
      api_key: '***',
    });
  });

  it('uses a confident AI answer capped to medium, as classification_source ai', async () => {
    chat.reply(JSON.stringify({ content_type: 'tv', title: 'Mystery Show', year: 2019, season: 2, confidence: 0.92 }));
    const { job, after } = await identified('MYSTERY_DISC_A');
    expect(after).toBe('ripping');
    expect(job).toMatchObject({
      classification_source: 'ai',
      classification_confidence: 0.6,
      content_type: 'tv',
      detected_title: 'Mystery Show',
      detected_season: 2,
      detected_year: 2019,
    });
    const sent = chat.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(sent.body)).toContain('Volume label: \\"MYSTERY_DISC_A\\"');
    expect(JSON.stringify(sent.body)).not.toContain(staging); // no paths leave the machine
    expect(svc.logs.join('\n')).not.toContain(KEY);
  });

  it('sends the job to review when the AI itself is unsure', async () => {
    chat.reply(
      JSON.stringify({ content_type: 'movie', title: 'Maybe A Movie', year: null, season: null, confidence: 0.3 }),
    );
    const { job, after } = await identified('MYSTERY_DISC_B');
    expect(after).toBe('review_needed');
    // The heuristic's own low-confidence guess (a lone title: a film at 45 %) outranks the AI's 30 %; both are named.
    expect(job.review_reason).toBe(
      'Identification confidence is low (45%, heuristic); confirm what this disc is (also: the AI guessed movie "Maybe A Movie" with low confidence (30%); confirm what this disc is)',
    );
  });

  it.each([
    [
      'an HTTP 500',
      { status: 500, body: { error: { message: 'model overloaded' } } },
      'AI fallback failed: AI endpoint answered HTTP 500: model overloaded',
    ],
    [
      'malformed JSON',
      { status: 200, body: '{"choices": [' },
      'AI fallback failed: AI answer unusable: the endpoint did not answer with JSON',
    ],
  ])('sends the job to review with the reason after %s', async (_name, fault, reason) => {
    chat.fail(fault);
    const { job, after } = await identified(`MYSTERY_DISC_${_name.length}`);
    expect(after).toBe('review_needed');
    expect(job.review_reason).toBe(
      `Identification confidence is low (45%, heuristic); confirm what this disc is (also: ${reason})`,
    );
  });

  it('rejects an answer outside the schema', async () => {
    chat.reply(JSON.stringify({ content_type: 'documentary', title: 'X', year: 2020, season: null, confidence: 0.9 }));
    const { job } = await identified('MYSTERY_DISC_C');
    expect(job.review_reason).toContain('AI answer rejected: content_type must be tv, movie or unknown');
  });
});
