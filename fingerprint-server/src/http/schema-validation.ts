/** ajv validators of the wire schemas (shared with the client through the SDK). */
import { Ajv, type ErrorObject } from 'ajv';
import { HttpError } from '@spindle/http-kit';

const ajv = new Ajv({ allErrors: false, strict: false });

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'does not match the schema';
  const at = error.instancePath || '(body)';
  if (error.keyword === 'additionalProperties')
    return `${at} has a field outside the schema: "${String(error.params.additionalProperty)}"`;
  return `${at} ${error.message ?? 'is invalid'}`;
}

export function validator<T>(schema: object, what: string): (value: unknown) => T {
  const validate = ajv.compile(schema);
  return (value) => {
    if (!validate(value)) throw new HttpError(400, 'invalid_request', `${what}: ${describe(validate.errors?.[0])}`);
    return value as T;
  };
}
