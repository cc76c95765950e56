import type { JsonObject, JsonValue } from '../context.ts';

/** An OpenAI-compatible chat model, asked for JSON that matches a schema. */
export interface AiRequest {
  system: string;
  user: string;
  /** JSON Schema the answer must match. */
  schema: JsonObject;
  signal: AbortSignal;
}

export interface AiProvider {
  completeJson(request: AiRequest): Promise<JsonValue>;
}
