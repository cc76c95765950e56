/**
 * Asks the configured AI provider what the disc is, as a fallback. The JSON answer is validated;
 * its confidence is capped (`max_confidence`, below the high band) so an AI answer never decides
 * alone, and a low one sends the job to review. Silent when no AI provider is configured.
 */
import {
  emptyIdentity,
  errorMessage,
  SpindleError,
  throwIfAborted,
  type Identification,
  type Identifier,
  type IdentifyInput,
  type StageContext,
  unknownIdentification,
} from '@spindle/plugin-sdk';
import { checkAnswer } from './ai-answer.ts';
import { ANSWER_SCHEMA, SYSTEM_PROMPT, userPrompt } from './ai-prompt.ts';

const DEFAULT_CAP = 0.6;
const HIGH_BAND = 0.8;

function capOf(settings: Record<string, unknown>): number {
  const value = settings.max_confidence;
  return typeof value === 'number' && value >= 0 && value < HIGH_BAND ? value : DEFAULT_CAP;
}

export class AiIdentifier implements Identifier {
  async identify(input: IdentifyInput, ctx: StageContext): Promise<Identification | null> {
    throwIfAborted(ctx.signal);
    const ai = ctx.providers.get('ai');
    if (!ai) return null;
    let raw;
    try {
      raw = await ai.completeJson({
        system: SYSTEM_PROMPT,
        user: userPrompt(input),
        schema: ANSWER_SCHEMA,
        signal: ctx.signal,
      });
    } catch (error) {
      if (ctx.signal.aborted || (SpindleError.is(error) && error.code === 'aborted')) throw error;
      if (SpindleError.is(error) && error.code === 'ai_not_configured') return null;
      const message = errorMessage(error);
      ctx.logger.warn('AI identification failed; the chain goes on without it', { error: message });
      return unknownIdentification('ai', `AI fallback failed: ${message}`);
    }
    throwIfAborted(ctx.signal);
    const checked = checkAnswer(raw);
    if (!checked.ok) {
      ctx.logger.warn('AI answer rejected', { problem: checked.problem });
      return unknownIdentification('ai', `AI answer rejected: ${checked.problem}`);
    }
    const { answer } = checked;
    const cap = capOf(ctx.settings);
    const confidence = Math.min(answer.confidence, cap);
    const said = `${answer.contentType}${answer.title ? ` "${answer.title}"` : ''}${answer.year ? ` (${answer.year})` : ''}${answer.season !== null ? `, season ${answer.season}` : ''}`;
    return {
      contentType: answer.contentType,
      ...emptyIdentity(),
      source: 'ai',
      confidence,
      title: answer.title,
      year: answer.year,
      season: answer.season,
      reviewReason:
        confidence < 0.5
          ? `the AI guessed ${said} with low confidence (${Math.round(confidence * 100)}%); confirm what this disc is`
          : null,
      evidence: [
        `AI answer: ${said}, model confidence ${Math.round(answer.confidence * 100)}%, capped at ${Math.round(cap * 100)}%`,
      ],
    };
  }
}
