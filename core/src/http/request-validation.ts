/**
 * Compiles each route's schemas once with ajv and turns validation failures into 400 errors that
 * name the offending field. Params and query strings are coerced (`"2"` → 2); bodies are not.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { HttpError } from './error-middleware.ts';
import type { JsonSchema } from './route-spec.ts';

const strictAjv = new Ajv({ allErrors: false, strict: false });
const coercingAjv = new Ajv({ allErrors: false, strict: false, coerceTypes: true, useDefaults: true });

export type Part = 'params' | 'query' | 'body';

function fieldOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return String(params.missingProperty);
  if (error.keyword === 'additionalProperties') return String(params.additionalProperty);
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path || '(root)';
}

export function describeError(part: Part, error: ErrorObject): string {
  const where = part === 'query' ? 'query parameter' : part === 'params' ? 'path parameter' : 'field';
  const field = fieldOf(error);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `Unknown ${where} '${field}'`;
  if (error.keyword === 'required') return `Missing ${where} '${field}'`;
  if (error.keyword === 'enum')
    return `${where} '${field}' must be one of: ${(params.allowedValues as unknown[]).join(', ')}`;
  if (field === '(root)') return `Request ${part} ${error.message ?? 'is invalid'}`;
  return `${where} '${field}' ${error.message ?? 'is invalid'}`;
}

export interface CompiledValidator {
  (value: unknown): unknown;
}

export function compileValidator(part: Part, schema: JsonSchema | undefined): CompiledValidator {
  if (!schema) {
    return (value) => {
      if (part === 'body' && value !== undefined)
        throw new HttpError(400, 'invalid_request', 'This route takes no request body');
      if (part === 'query' && value && typeof value === 'object' && Object.keys(value).length > 0) {
        throw new HttpError(400, 'invalid_request', `Unknown query parameter '${Object.keys(value)[0]}'`);
      }
      return value ?? {};
    };
  }
  const validate: ValidateFunction = (part === 'body' ? strictAjv : coercingAjv).compile(schema);
  return (value) => {
    const input = part === 'body' ? value : structuredClone(value ?? {});
    if (part === 'body' && input === undefined)
      throw new HttpError(400, 'invalid_request', 'Request body is required (JSON)');
    if (!validate(input)) {
      const first = validate.errors?.[0];
      throw new HttpError(400, 'invalid_request', first ? describeError(part, first) : `Invalid request ${part}`);
    }
    return input;
  };
}
