/**
 * The API fuzzer's request generators (test/reliability/api-fuzz.test.ts): requests shaped by each
 * route's JSON Schema — enums, patterns, bounds, ids of jobs and titles that exist, plugin ids with
 * their own setting names, SRT text, paths inside the sandbox — plus mutated and random ones, and
 * requests invalid by construction.
 */
import fc from 'fast-check';
import { join } from 'node:path';

export type Schema = Record<string, any>;

export interface Operation {
  method: string;
  path: string;
  key: string;
  params: { name: string; in: string; required?: boolean; schema: Schema }[];
  body: Schema | null;
}

export interface FuzzRequest {
  op: Operation;
  pathValue: string;
  query: [string, string][];
  body: { text: string; type: string | null } | null;
}

export const SRT =
  '1\n00:00:01,000 --> 00:00:03,000\nThe ship came in at dawn.\n\n2\n00:00:04,000 --> 00:00:06,000\nNobody saw it leave.\n';

/** What the generators aim at; read each time an arbitrary is built (the ids change between rounds). */
export interface FuzzTargets {
  jobIds(): number[];
  titleIds(): number[];
  sandbox(): string;
  /** Plugin id → the properties of its settings schema (from the manifests). */
  pluginSettings: Map<string, Record<string, Schema>>;
}

export function fuzzRequests(targets: FuzzTargets) {
  const idArb = () =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...targets.jobIds()) },
      { weight: 1, arbitrary: fc.integer({ min: -2, max: 10_000 }) },
    );
  const pathValue = () =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...targets.jobIds()).map(String) },
      { weight: 1, arbitrary: fc.constantFrom('0', '-1', '1.5', 'abc', '99999999999', '%', '..', ' ', '1e3', '0x10') },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    );
  /** Paths: inside the sandbox (exist or not), relative, or junk — never a real program or system folder. */
  const pathArb = () =>
    fc.oneof(
      fc.constantFrom(
        targets.sandbox(),
        join(targets.sandbox(), 'DISC_ONE'),
        join(targets.sandbox(), 'missing'),
        join(targets.sandbox(), 'DISC_ONE', 'title_t00.mkv'),
        'relative/path',
        '',
        '   ',
      ),
      fc.string({ maxLength: 16 }).map((s) => join(targets.sandbox(), s.replace(/\.\./g, '_'))),
    );

  function boundedString(schema: Schema): fc.Arbitrary<string> {
    const min = schema.minLength ?? 0;
    const max = Math.min(schema.maxLength ?? 40, 40);
    if (schema.pattern) {
      const re = new RegExp(schema.pattern);
      return fc.oneof(
        {
          weight: 4,
          arbitrary: fc.stringMatching(re).filter((s) => s.length <= (schema.maxLength ?? 1e9) && s.length >= min),
        },
        { weight: 1, arbitrary: fc.string({ maxLength: max }) },
      );
    }
    return fc.string({ minLength: Math.min(min, max), maxLength: Math.max(max, min) });
  }

  function numberArb(schema: Schema, integer: boolean): fc.Arbitrary<number> {
    const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum : -1_000_000);
    const max = schema.maximum ?? 1_000_000;
    const edges = [min, max, ...(schema.exclusiveMinimum !== undefined ? [schema.exclusiveMinimum] : [])];
    const inner = integer
      ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
      : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    return fc.oneof({ weight: 5, arbitrary: inner }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
  }

  /** A value shaped by a JSON Schema (mostly valid; enums, patterns, bounds and known ids honoured). */
  function fromSchema(schema: Schema | undefined, key = '', depth = 0): fc.Arbitrary<unknown> {
    if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 1 });
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
    const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (alternatives) {
      const { anyOf: _a, oneOf: _o, ...base } = schema;
      return fc.oneof(
        ...alternatives.map((alt) =>
          fromSchema(
            {
              ...base,
              ...alt,
              ...(base.required || alt.required
                ? { required: [...(base.required ?? []), ...(alt.required ?? [])] }
                : {}),
            },
            key,
            depth,
          ),
        ),
      );
    }
    if (Array.isArray(schema.type))
      return fc.oneof(...(schema.type as string[]).map((type) => fromSchema({ ...schema, type }, key, depth)));
    if (/(^|_)path$|^plugins_path$|folder/.test(key) && (schema.type === 'string' || schema.type === undefined))
      return pathArb();
    switch (schema.type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        if (key === 'title_id')
          return fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...targets.titleIds()) },
            { weight: 1, arbitrary: numberArb(schema, true) },
          );
        if (/(^|_)id$/.test(key))
          return fc.oneof({ weight: 3, arbitrary: idArb() }, { weight: 1, arbitrary: numberArb(schema, true) });
        return numberArb(schema, true);
      case 'number':
        return numberArb(schema, false);
      case 'string':
        if (key === 'srt') return fc.oneof(fc.constant(SRT), fc.string({ minLength: 1, maxLength: 60 }));
        if (/key|token|password|secret/.test(key)) return fc.oneof(fc.constant('***'), fc.string({ maxLength: 40 }));
        return boundedString(schema);
      case 'array': {
        const item = fromSchema(schema.items as Schema, key, depth + 1);
        const constraints = {
          minLength: Math.min(schema.minItems ?? 0, 3),
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        };
        return schema.uniqueItems
          ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) })
          : fc.array(item, constraints);
      }
      default:
        return objectArb(schema, key, depth);
    }
  }

  function objectArb(schema: Schema, key: string, depth: number): fc.Arbitrary<unknown> {
    if (key === 'plugin_settings') return pluginSettingsArb();
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const names = Object.keys(properties);
    if (names.length === 0) {
      const extra = schema.additionalProperties;
      return fc.dictionary(
        fc.string({ maxLength: 8 }),
        typeof extra === 'object' ? fromSchema(extra, '', depth + 1) : fc.jsonValue({ maxDepth: 1 }),
        { maxKeys: 3 },
      );
    }
    const required = ((schema.required ?? []) as string[]).filter((n) => names.includes(n));
    const record = Object.fromEntries(names.map((n) => [n, fromSchema(properties[n], n, depth + 1)]));
    return fc.record(record, { requiredKeys: required });
  }

  /** plugin_settings: real plugin ids with their own setting names (and "***" for credentials), plus unknown ones. */
  function pluginSettingsArb(): fc.Arbitrary<Record<string, unknown>> {
    const ids = [...targets.pluginSettings.keys()];
    const entry = fc.oneof(
      {
        weight: 5,
        arbitrary: fc
          .constantFrom(...ids)
          .chain((id) => objectArb({ properties: targets.pluginSettings.get(id) }, id, 1).map((v) => [id, v] as const)),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(
          fc.constantFrom('no-such-plugin', '__proto__', 'constructor'),
          fc.jsonValue({ maxDepth: 2 }),
        ),
      },
    );
    return fc.array(entry, { maxLength: 3 }).map((entries) => {
      const out: Record<string, unknown> = {};
      for (const [id, value] of entries)
        Object.defineProperty(out, id, { value, enumerable: true, configurable: true, writable: true });
      return out;
    });
  }

  const junkScalar = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer().map(String),
    fc.constantFrom('', 'true', 'null', '[]', '{}', 'tv', '1e309', 'NaN', '-0'),
  );

  function queryArb(op: Operation) {
    const named = op.params.filter((p) => p.in === 'query');
    const shaped = fc
      .record(Object.fromEntries(named.map((p) => [p.name, fromSchema(p.schema, p.name)])), {
        requiredKeys: named.filter((p) => p.required).map((p) => p.name),
      })
      .map((q) =>
        Object.entries(q).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)] as [string, string]),
      );
    const junk = fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...(named.length ? named.map((p) => p.name) : ['page'])), fc.string({ maxLength: 8 })),
        junkScalar,
      ),
      { maxLength: 3 },
    );
    return named.length
      ? fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: junk })
      : fc.oneof({ weight: 6, arbitrary: fc.constant([] as [string, string][]) }, { weight: 1, arbitrary: junk });
  }

  function bodyArb(op: Operation) {
    const json = (v: unknown) => ({ text: JSON.stringify(v), type: 'application/json' });
    if (!op.body)
      return fc.oneof(
        { weight: 5, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map(json) },
      );
    return fc.oneof(
      { weight: 12, arbitrary: fromSchema(op.body).map(json) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map(json) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((text) => ({ text, type: 'application/json' })) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('{"a":', '[', '{"files": [{"episode_code": "S01E01", "srt": 1}]}', '\u0000')
          .map((text) => ({ text, type: 'application/json' })),
      },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((text) => ({ text, type: 'text/plain' })) },
      { weight: 1, arbitrary: fc.constant(null) },
    );
  }

  const requestFor = (op: Operation): fc.Arbitrary<FuzzRequest> =>
    fc.record({ op: fc.constant(op), pathValue: pathValue(), query: queryArb(op), body: bodyArb(op) });

  /** Invalid by construction: an unknown query parameter, or a body with a property its schema forbids. */
  function invalidFor(op: Operation): fc.Arbitrary<FuzzRequest> {
    const strictBody = op.body && op.body.additionalProperties === false;
    return requestFor(op).chain((r) => {
      const byQuery = fc.constant<FuzzRequest>({ ...r, query: [...r.query, ['__fuzz__', '1']] });
      if (!strictBody) return byQuery;
      const byBody = fromSchema(op.body!).map((b): FuzzRequest => ({
        ...r,
        body: { text: JSON.stringify({ ...(b as object), __fuzz__: 1 }), type: 'application/json' },
      }));
      return fc.oneof(byQuery, byBody);
    });
  }

  return { requestFor, invalidFor };
}
