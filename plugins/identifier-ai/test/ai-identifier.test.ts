import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  IdentificationError,
  type AiProvider,
  type AiRequest,
  type JsonValue,
} from '@spindle/plugin-sdk';
import { createFakeContext, sampleIdentifyInputs, type FakeContext } from '@spindle/plugin-sdk/testing';
import { checkAnswer } from '../src/ai-answer.ts';
import { AiIdentifier } from '../src/ai-identifier.ts';
import { ANSWER_SCHEMA, userPrompt } from '../src/ai-prompt.ts';

/** An AiProvider double that records requests (the OpenAI-compatible provider has its own tests). */
class ScriptedAi implements AiProvider {
  requests: AiRequest[] = [];
  constructor(private readonly answer: () => Promise<JsonValue>) {}
  completeJson(request: AiRequest) {
    this.requests.push(request);
    return this.answer();
  }
}

const contexts: FakeContext[] = [];
afterEach(async () => Promise.all(contexts.splice(0).map((c) => c.dispose())));

async function identify(ai: AiProvider | null, settings: Record<string, number> = {}) {
  const ctx = await createFakeContext({ settings, ...(ai ? { providers: { ai } } : {}) });
  contexts.push(ctx);
  return { answer: await new AiIdentifier().identify(sampleIdentifyInputs()[0]!, ctx), ctx };
}

const tvAnswer = { content_type: 'tv', title: 'Sample Show', year: 2020, season: 1, confidence: 0.95 };

describe('AiIdentifier', () => {
  it('asks with the schema and the disc facts, and caps the confidence below the high band', async () => {
    const ai = new ScriptedAi(async () => tvAnswer);
    const { answer } = await identify(ai);
    expect(answer).toMatchObject({
      contentType: 'tv',
      source: 'ai',
      confidence: 0.6,
      title: 'Sample Show',
      year: 2020,
      season: 1,
      reviewReason: null,
      catalogId: null,
    });
    expect(answer!.evidence).toEqual([
      'AI answer: tv "Sample Show" (2020), season 1, model confidence 95%, capped at 60%',
    ]);
    expect(ai.requests[0]!.schema).toEqual(ANSWER_SCHEMA);
    expect(ai.requests[0]!.user).toContain(
      'Volume label: "SAMPLE_SHOW_S1_D1" (read as: name "Sample Show", season 1, disc 1)',
    );
    expect(ai.requests[0]!.user).toContain('0: 22:02');
  });

  it('never lets a configured cap reach the high band', async () => {
    const { answer } = await identify(new ScriptedAi(async () => tvAnswer), { max_confidence: 0.95 });
    expect(answer!.confidence).toBe(0.6);
    expect((await identify(new ScriptedAi(async () => tvAnswer), { max_confidence: 0.7 })).answer!.confidence).toBe(
      0.7,
    );
  });

  it('asks for review when the AI itself is unsure', async () => {
    const { answer } = await identify(new ScriptedAi(async () => ({ ...tvAnswer, confidence: 0.3 })));
    expect(answer).toMatchObject({
      confidence: 0.3,
      reviewReason:
        'the AI guessed tv "Sample Show" (2020), season 1 with low confidence (30%); confirm what this disc is',
    });
  });

  it('rejects answers that do not match the schema', async () => {
    const { answer } = await identify(new ScriptedAi(async () => ({ ...tvAnswer, content_type: 'documentary' })));
    expect(answer).toMatchObject({
      contentType: 'unknown',
      confidence: 0,
      reviewReason: 'AI answer rejected: content_type must be tv, movie or unknown',
    });
  });

  it('is silent without an AI provider, or when the provider is not configured', async () => {
    expect((await identify(null)).answer).toBeNull();
    const off = new ScriptedAi(async () => {
      throw new ConfigurationError('ai_not_configured', 'AI not configured');
    });
    expect((await identify(off)).answer).toBeNull();
  });

  it('turns provider failures into evidence the chain survives', async () => {
    const failing = new ScriptedAi(async () => {
      throw new IdentificationError('ai_unavailable', 'AI endpoint answered HTTP 503');
    });
    const { answer, ctx } = await identify(failing);
    expect(answer).toMatchObject({ confidence: 0, reviewReason: 'AI fallback failed: AI endpoint answered HTTP 503' });
    expect(ctx.logger.messages('warn')).toEqual(['AI identification failed; the chain goes on without it']);
  });

  it('passes the job’s abort signal to the provider', async () => {
    const ai = new ScriptedAi(async () => tvAnswer);
    await identify(ai);
    expect(ai.requests[0]!.signal).toBe(contexts[0]!.signal);
  });
});

describe('checkAnswer', () => {
  it.each([
    [[], 'the answer is not a JSON object'],
    [{ ...tvAnswer, extra: 1 }, 'unexpected field(s) extra'],
    [{ ...tvAnswer, title: '' }, 'title must be a non-empty string of at most 200 characters, or null'],
    [{ ...tvAnswer, year: 1500 }, 'year must be a plausible year, or null'],
    [{ ...tvAnswer, season: 1.5 }, 'season must be a whole number from 0 to 100, or null'],
    [{ ...tvAnswer, confidence: 2 }, 'confidence must be a number from 0 to 1'],
    [{ ...tvAnswer, title: null }, 'a tv answer needs a title'],
  ])('rejects %j', (value, problem) => {
    expect(checkAnswer(value as JsonValue)).toEqual({ ok: false, problem });
  });

  it('drops the season of a movie', () => {
    expect(checkAnswer({ content_type: 'movie', title: 'Dune', year: 2021, season: 2, confidence: 0.7 })).toMatchObject(
      { ok: true, answer: { season: null } },
    );
  });

  it('says in the prompt what other identifiers found', () => {
    const input = sampleIdentifyInputs()[1]!;
    const prompt = userPrompt({
      ...input,
      previous: [{ source: 'heuristic', contentType: 'movie', title: 'Sample Movie', confidence: 0.8 } as never],
    });
    expect(prompt).toContain('Other identifiers said: heuristic: movie "Sample Movie" (80%)');
    expect(prompt).not.toContain('/');
  });
});
