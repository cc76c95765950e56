/** The JSON inside a chat-completions answer: `choices[0].message.content`, with code fences tolerated. */
import { IdentificationError, type JsonValue } from '@spindle/plugin-sdk';

function bad(detail: string): IdentificationError {
  return new IdentificationError('ai_bad_response', `AI answer unusable: ${detail}`);
}

export function contentOf(body: unknown): string {
  const choices = (body as { choices?: unknown } | null)?.choices;
  if (!Array.isArray(choices) || choices.length === 0) throw bad('no choices in the chat-completions answer');
  const message = (choices[0] as { message?: { content?: unknown; refusal?: unknown } } | null)?.message;
  if (typeof message?.refusal === 'string' && message.refusal !== '')
    throw bad(`the model refused (${message.refusal.slice(0, 120)})`);
  if (typeof message?.content !== 'string' || message.content.trim() === '')
    throw bad('the answer has no message content');
  return message.content;
}

/** Parses the content as JSON; a ```json fenced block or surrounding prose around one object is accepted. */
export function parseJsonContent(content: string): JsonValue {
  const attempts = [content.trim()];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  if (fenced) attempts.push(fenced[1]!.trim());
  const first = content.indexOf('{');
  const last = content.lastIndexOf('}');
  if (first >= 0 && last > first) attempts.push(content.slice(first, last + 1));
  for (const text of attempts) {
    try {
      return JSON.parse(text) as JsonValue;
    } catch {
      // next form
    }
  }
  throw bad(`the content is not JSON (${content.trim().slice(0, 80)})`);
}
