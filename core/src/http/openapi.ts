/** Builds the OpenAPI 3.1 document from the same RouteSpecs that validate requests. */
import { errorBodySchema, type JsonSchema, type RouteSpec } from './route-spec.ts';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Invalid input',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Wrong state',
  413: 'Body too large',
};

function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}

function parameters(schema: JsonSchema | undefined, location: 'path' | 'query'): unknown[] {
  if (!schema) return [];
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: s,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  }));
}

function operationId(route: RouteSpec): string {
  const words = route.path
    .replace(/^\/(api\/)?/, '')
    .split(/[/-]/)
    .filter((w) => w && !w.startsWith(':'))
    .map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1)));
  return route.method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

export function buildOpenApi(
  routes: readonly RouteSpec[],
  info: { title: string; version: string },
  debug: boolean,
): unknown {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.debugOnly && !debug) continue;
    const path = openApiPath(route.path);
    const responses: Record<string, unknown> = {
      [String(route.status ?? 200)]: {
        description: STATUS_TEXT[route.status ?? 200] ?? 'OK',
        content: { 'application/json': { schema: route.response ?? {} } },
        ...(route.responseHeaders ? { headers: route.responseHeaders } : {}),
      },
    };
    for (const status of new Set([
      ...(route.errors ?? []),
      ...(route.params || route.query || route.body ? [400] : []),
    ])) {
      responses[String(status)] = {
        description: STATUS_TEXT[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    paths[path] ??= {};
    paths[path]![route.method] = {
      operationId: route.operationId ?? operationId(route),
      summary: route.summary,
      tags: [route.tag],
      parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
      ...(route.body
        ? { requestBody: { required: !route.bodyOptional, content: { 'application/json': { schema: route.body } } } }
        : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: { schemas: { Error: errorBodySchema } },
  };
}
