import { buildOpenApi } from '../openapi.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

export function openApiRoutes(all: () => readonly RouteSpec[], info: { version: string; debug: boolean }): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/openapi.json',
      tag: 'system',
      summary: 'The OpenAPI document of every route, generated from the schemas that validate requests',
      operationId: 'getOpenApi',
      response: { type: 'object' },
      handler: () => buildOpenApi(all(), { title: 'Spindle API', version: info.version }, info.debug),
    }),
  ];
}
