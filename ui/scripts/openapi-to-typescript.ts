/**
 * Turns an OpenAPI 3.1 document (as core's `buildOpenApi()` produces it) into TypeScript source:
 * one type per schema that matters and one typed function per operationId, calling the runtime's
 * `request()`. Pure: document in, text out — the generator script and the staleness test share it.
 */

type Schema = Record<string, unknown>;

interface Operation {
  operationId: string;
  summary?: string;
  parameters?: { name: string; in: 'path' | 'query'; required?: boolean; schema: Schema; description?: string }[];
  requestBody?: { required?: boolean; content: { 'application/json': { schema: Schema } } };
  responses: Record<
    string,
    {
      content?: { 'application/json'?: { schema?: Schema } };
      headers?: Record<string, { description?: string; schema: Schema }>;
    }
  >;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/**
 * Schemas that get their own type name: where to find them in the document. Every identical
 * copy elsewhere in the document is written as a reference to the name.
 */
const NAMED: { name: string; doc: string; find: (doc: OpenApiDocument) => Schema | undefined }[] = [
  { name: 'Job', doc: 'A disc job as the API answers it.', find: (d) => successSchema(opById(d, 'getJob')) },
  { name: 'Title', doc: 'One title (track) of a job.', find: (d) => successSchema(opById(d, 'reviewTitle')) },
  {
    name: 'AppConfig',
    doc: 'The configuration as answered: secrets are "***" when set, null when unset.',
    find: (d) => successSchema(opById(d, 'getConfig')),
  },
  {
    name: 'AppConfigUpdate',
    doc: 'Any subset of the configuration fields.',
    find: (d) => opById(d, 'updateConfig')?.requestBody?.content['application/json'].schema,
  },
];

function opById(doc: OpenApiDocument, id: string): Operation | undefined {
  for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) if (op.operationId === id) return op;
  return undefined;
}

function successStatus(op: Operation): string {
  return Object.keys(op.responses).find((s) => s.startsWith('2')) ?? '200';
}

function successSchema(op: Operation | undefined): Schema | undefined {
  return op?.responses[successStatus(op)]?.content?.['application/json']?.schema;
}

/** Component schema names that would shadow a global get a suffix (`Error` → `ErrorBody`). */
const componentName = (name: string) =>
  ['Error', 'Response', 'Request', 'Record'].includes(name) ? `${name}Body` : name;
const pascal = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const isIdent = (s: string) => /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s);
const key = (s: string) => (isIdent(s) ? s : JSON.stringify(s));
const comment = (text: string, indent: string) =>
  `${indent}/** ${text.replace(/\*\//g, '*\\/').replace(/\s+/g, ' ').trim()} */\n`;

class TypeWriter {
  private readonly named = new Map<string, string>();

  constructor(private readonly doc: OpenApiDocument) {}

  name(schema: Schema, name: string): void {
    this.named.set(JSON.stringify(schema), name);
  }

  /** A TypeScript type expression for the schema. `self` skips the named lookup for the top level. */
  type(schema: Schema | undefined, indent = '', self = false): string {
    if (!schema || typeof schema !== 'object') return 'unknown';
    if (!self) {
      const named = this.named.get(JSON.stringify(schema));
      if (named) return named;
    }
    if (typeof schema.$ref === 'string') return componentName(schema.$ref.split('/').pop()!);
    if ('const' in schema) return JSON.stringify(schema.const);
    if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
    const union = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (Array.isArray(union)) return union.map((s) => this.wrap(this.type(s, indent))).join(' | ');
    if (Array.isArray(schema.allOf)) {
      const rest: Schema = { ...schema };
      delete rest.allOf;
      const parts = (schema.allOf as Schema[]).map((s) => this.type(s, indent));
      if (rest.properties || rest.additionalProperties !== undefined) parts.push(this.type(rest, indent, true));
      return parts.map((p) => this.wrap(p)).join(' & ');
    }
    const types = Array.isArray(schema.type)
      ? (schema.type as string[])
      : typeof schema.type === 'string'
        ? [schema.type]
        : [];
    if (types.length === 0) return schema.properties ? this.object(schema, indent) : 'unknown';
    return types.map((t) => this.wrap(this.single(t, schema, indent))).join(' | ');
  }

  private wrap(t: string): string {
    return /^[\w."*[\]<>, ]+$/.test(t) && !t.includes(' | ')
      ? t
      : t.startsWith('{') || t.startsWith('(')
        ? t
        : `(${t})`;
  }

  private single(type: string, schema: Schema, indent: string): string {
    switch (type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'null':
        return 'null';
      case 'array':
        return `${this.wrap(this.type(schema.items as Schema | undefined, indent))}[]`;
      case 'object':
        return this.object(schema, indent);
      default:
        return 'unknown';
    }
  }

  private object(schema: Schema, indent: string): string {
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const extra = schema.additionalProperties;
    const names = Object.keys(props);
    if (names.length === 0) {
      if (extra === false) return 'Record<string, never>';
      if (extra && typeof extra === 'object') return `Record<string, ${this.type(extra as Schema, indent)}>`;
      return 'Record<string, unknown>';
    }
    const inner = indent + '  ';
    let out = '{\n';
    for (const name of names) {
      const p = props[name]!;
      if (typeof p.description === 'string') out += comment(p.description, inner);
      out += `${inner}${key(name)}${required.has(name) ? '' : '?'}: ${this.type(p, inner)};\n`;
    }
    if (extra && typeof extra === 'object') out += `${inner}[key: string]: unknown;\n`;
    return `${out}${indent}}`;
  }

  get document(): OpenApiDocument {
    return this.doc;
  }
}

interface Param {
  name: string;
  schema: Schema;
  required: boolean;
  description?: string;
}

function paramsType(writer: TypeWriter, params: Param[]): string {
  const schema: Schema = {
    type: 'object',
    required: params.filter((p) => p.required).map((p) => p.name),
    properties: Object.fromEntries(
      params.map((p) => [p.name, p.description ? { ...p.schema, description: p.description } : p.schema]),
    ),
  };
  return writer.type(schema, '', true);
}

export interface GeneratedClient {
  source: string;
  operationIds: string[];
}

/**
 * @param doc the OpenAPI document
 * @param clientMessages TypeScript declarations of the WebSocket messages, appended verbatim
 */
export function openApiToTypeScript(doc: OpenApiDocument, clientMessages: string): GeneratedClient {
  const writer = new TypeWriter(doc);
  const out: string[] = [];
  const operationIds: string[] = [];

  out.push(`/* eslint-disable */
/**
 * The typed Spindle API client, GENERATED by ui/scripts/generate-api-client.ts from the OpenAPI
 * document of core's routes (DEBUG-only routes included) and from the client messages of
 * plugin-sdk/src/events.ts. Do not edit: run \`npm run generate:api --workspace @spindle/ui\`.
 */
import { request, type RequestOptions } from './runtime.ts';
`);

  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    out.push(
      `${comment(`Component schema ${name}.`, '')}export type ${componentName(name)} = ${writer.type(schema, '', true)};\n`,
    );
  }
  const namedSchemas: Record<string, Schema> = {};
  for (const n of NAMED) {
    const schema = n.find(doc);
    if (!schema) continue;
    namedSchemas[n.name] = schema;
    out.push(`${comment(n.doc, '')}export type ${n.name} = ${writer.type(schema, '', true)};\n`);
    writer.name(schema, n.name);
  }

  const entries = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ path, method, op })),
  );
  entries.sort((a, b) => a.op.operationId.localeCompare(b.op.operationId));
  for (const { path, method, op } of entries) {
    const id = op.operationId;
    operationIds.push(id);
    const P = pascal(id);
    const pathParams: Param[] = (op.parameters ?? [])
      .filter((p) => p.in === 'path')
      .map((p) => ({
        name: p.name,
        schema: p.schema,
        required: true,
        ...(p.description ? { description: p.description } : {}),
      }));
    const queryParams: Param[] = (op.parameters ?? [])
      .filter((p) => p.in === 'query')
      .map((p) => ({
        name: p.name,
        schema: p.schema,
        required: p.required === true,
        ...(p.description ? { description: p.description } : {}),
      }));
    const body = op.requestBody?.content['application/json'].schema;
    const response = successSchema(op);
    const headers = op.responses[successStatus(op)]?.headers;

    const args: string[] = [];
    const callParts: string[] = [`method: '${method.toUpperCase()}'`];
    if (pathParams.length) {
      out.push(`export type ${P}Params = ${paramsType(writer, pathParams)};\n`);
      args.push(`params: ${P}Params`);
    }
    const urlPath = path.replace(/\{(\w+)\}/g, (_, name: string) => `\${encodeURIComponent(String(params.${name}))}`);
    callParts.push(pathParams.length ? `path: \`${urlPath}\`` : `path: '${path}'`);
    if (queryParams.length) {
      out.push(`export type ${P}Query = ${paramsType(writer, queryParams)};\n`);
      const optional = queryParams.every((p) => !p.required);
      args.push(optional ? `query: ${P}Query = {}` : `query: ${P}Query`);
      callParts.push('query');
    }
    if (body) {
      out.push(`export type ${P}Body = ${writer.type(body)};\n`);
      args.push(op.requestBody?.required === false ? `body?: ${P}Body` : `body: ${P}Body`);
      callParts.push('body');
    }
    out.push(`export type ${P}Response = ${writer.type(response)};\n`);
    args.push('options: RequestOptions = {}');
    callParts.push('...options');

    let returns = `${P}Response`;
    if (headers && Object.keys(headers).length) {
      const headerType = `{ ${Object.keys(headers)
        .map((h) => `${JSON.stringify(h)}: string | null`)
        .join('; ')} }`;
      out.push(`export type ${P}Headers = ${headerType};\n`);
      returns = `{ data: ${P}Response; headers: ${P}Headers }`;
      callParts.push(`responseHeaders: ${JSON.stringify(Object.keys(headers))}`);
    }
    const docLines = [op.summary ?? id, `${method.toUpperCase()} ${path}`];
    const errors = Object.keys(op.responses).filter((s) => !s.startsWith('2'));
    if (errors.length) docLines.push(`Errors: ${errors.join(', ')} (thrown as ApiError).`);
    out.push(
      `/**\n${docLines.map((l) => ` * ${l}`).join('\n')}\n */\nexport function ${id}(${args.join(', ')}): Promise<${returns}> {\n  return request<${returns}>({ ${callParts.join(', ')} });\n}\n`,
    );
  }

  out.push(
    `/** Every operationId of the document, in the order above. */\nexport const OPERATION_IDS = ${JSON.stringify(operationIds)} as const;\n`,
  );
  if (namedSchemas.AppConfig && namedSchemas.AppConfigUpdate) {
    out.push(
      `${comment('JSON Schemas the settings screen renders its fields from (field order, types, limits, descriptions, which fields are secrets).', '')}export const configSchemas = ${JSON.stringify({ AppConfig: namedSchemas.AppConfig, AppConfigUpdate: namedSchemas.AppConfigUpdate }, null, 2)} as const;\n`,
    );
  }
  out.push(`// ---- WebSocket client messages (/ws), from plugin-sdk/src/events.ts ----\n\n${clientMessages.trim()}\n`);
  return { source: out.join('\n'), operationIds };
}
