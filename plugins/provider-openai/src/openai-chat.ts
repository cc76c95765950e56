/**
 * The AiProvider over an OpenAI-compatible `POST {base_url}/chat/completions`: a system and a
 * user message, JSON requested with the caller's schema (structured outputs) or as a plain JSON
 * object, the answer parsed. The API key goes only into the Authorization header.
 */
import {
  ConfigurationError,
  errorMessage,
  IdentificationError,
  SpindleError,
  untilAborted,
  throwIfAborted,
  type AiProvider,
  type AiRequest,
  type HttpResponse,
  type JsonValue,
  type PluginSetup,
} from '@spindle/plugin-sdk';
import { contentOf, parseJsonContent } from './json-answer.ts';
import { readSettings, type OpenAiSettings } from './openai-settings.ts';

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class OpenAiChat implements AiProvider {
  private readonly settings: OpenAiSettings;

  constructor(
    private readonly setup: PluginSetup,
    private readonly sleep: (ms: number) => Promise<void> = sleepFor,
  ) {
    this.settings = readSettings(setup.settings);
  }

  get configured(): boolean {
    return this.settings.base_url !== null && this.settings.model !== null;
  }

  async completeJson(request: AiRequest): Promise<JsonValue> {
    throwIfAborted(request.signal);
    const { base_url: baseUrl, model } = this.settings;
    if (baseUrl === null || model === null) {
      throw new ConfigurationError(
        'ai_not_configured',
        'AI not configured: set base_url and model in the provider-openai plugin settings',
      );
    }
    const body = JSON.stringify({
      model,
      temperature: this.settings.temperature,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
      response_format:
        this.settings.response_format === 'json_schema'
          ? { type: 'json_schema', json_schema: { name: 'answer', strict: true, schema: request.schema } }
          : { type: 'json_object' },
    });
    const response = await this.post(`${baseUrl}/chat/completions`, body, request.signal);
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      throw new IdentificationError('ai_bad_response', 'AI answer unusable: the endpoint did not answer with JSON');
    }
    return parseJsonContent(contentOf(parsed));
  }

  private async post(url: string, body: string, signal: AbortSignal): Promise<HttpResponse> {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (this.settings.api_key) headers.Authorization = `Bearer ${this.settings.api_key}`;
    for (let attempt = 0; ; attempt++) {
      let response: HttpResponse;
      try {
        response = await untilAborted(
          this.setup.http.request(url, {
            method: 'POST',
            headers,
            body,
            timeoutMs: this.settings.request_timeout_seconds * 1000,
            signal,
          }),
          signal,
        );
      } catch (error) {
        if (signal.aborted || (SpindleError.is(error) && error.code === 'aborted')) throw error;
        const message = errorMessage(error);
        throw new IdentificationError('ai_unavailable', `AI endpoint could not be reached (${message})`, {
          retryable: true,
          cause: error,
        });
      }
      if (response.status === 429 && attempt === 0) {
        const wait = Number(response.headers['retry-after'] ?? '1');
        if (Number.isFinite(wait) && wait >= 0 && wait <= this.settings.max_retry_wait_seconds) {
          await untilAborted(this.sleep(wait * 1000), signal);
          continue;
        }
      }
      if (response.status >= 200 && response.status < 300) return response;
      const detail = await response.text().then(
        (t) => errorMessageOf(t),
        () => '',
      );
      if (response.status === 401 || response.status === 403) {
        throw new ConfigurationError(
          'ai_unauthorized',
          `AI endpoint refused the API key (HTTP ${response.status}${detail}); check api_key in the provider-openai settings`,
        );
      }
      throw new IdentificationError(
        response.status === 429 ? 'ai_rate_limited' : 'ai_unavailable',
        `AI endpoint answered HTTP ${response.status}${detail}`,
        {
          retryable: response.status === 429 || response.status >= 500,
        },
      );
    }
  }
}

/** ": <message>" from an OpenAI-style error body (`{"error": {"message": …}}`), else "". */
function errorMessageOf(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    return typeof message === 'string' ? `: ${message.slice(0, 160)}` : '';
  } catch {
    return '';
  }
}
