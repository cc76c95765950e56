/**
 * One declaration per route: method, path, JSON Schemas of params, query and body, the response
 * schema, and the handler. The same declaration validates requests (ajv) and produces the
 * OpenAPI document, so the two cannot disagree.
 */
import type { ParameterizedContext as Context } from 'koa';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type JsonSchema = Record<string, unknown>;

export interface RouteInput<P = Record<string, never>, Q = Record<string, never>, B = undefined> {
  params: P;
  query: Q;
  body: B;
  ctx: Context;
}

export interface RouteSpec<P = any, Q = any, B = any> {
  method: HttpMethod;
  /** Koa-router path, e.g. `/api/jobs/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** Name of the generated client function; derived from the path when absent. */
  operationId?: string;
  params?: JsonSchema;
  query?: JsonSchema;
  body?: JsonSchema;
  /** The body may be left out entirely (the handler then gets `undefined`); a body that is sent is validated. */
  bodyOptional?: boolean;
  /** Schema of a successful response body (for the OpenAPI document). */
  response?: JsonSchema;
  /** Headers of a successful response, by name (for the OpenAPI document). */
  responseHeaders?: Record<string, { description: string; schema: JsonSchema }>;
  /** Largest request body accepted (default 1 MiB). */
  maxBodyBytes?: number;
  /** Status of a successful response (default 200). */
  status?: number;
  /** Statuses of error responses this route may answer with, for the OpenAPI document. */
  errors?: number[];
  /** Only served when DEBUG=true; 404 otherwise. */
  debugOnly?: boolean;
  /** Only answers loopback peers; 403 otherwise. */
  loopbackOnly?: boolean;
  handler(input: RouteInput<P, Q, B>): Promise<unknown> | unknown;
}

/** Identity helper that keeps the handler's input types tied to the declaration. */
export function defineRoute<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  spec: RouteSpec<P, Q, B>,
): RouteSpec<P, Q, B> {
  return spec;
}

export const idParams: JsonSchema = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
};

export const errorBodySchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
  },
};
