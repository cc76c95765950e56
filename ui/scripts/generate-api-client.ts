/**
 * Generates ui/src/lib/api/generated.ts: the typed API client of the web UI.
 *
 * It starts nothing. The OpenAPI document is built in-process from core's route list
 * (`buildRoutes()` with inert dependencies — building the list only reads schemas, no handler
 * runs), with DEBUG routes included; the WebSocket message types are copied from the SDK's
 * client event map with the TypeScript compiler API. `npm run generate:api --workspace
 * @spindle/ui` writes the file (the UI build runs it too); `--check` only compares and fails
 * when the committed file is stale.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { buildRoutes, type RouteDeps } from '../../core/src/app/routes.ts';
import { buildOpenApi } from '../../core/src/http/openapi.ts';
import { openApiToTypeScript, type OpenApiDocument } from './openapi-to-typescript.ts';

export const GENERATED_FILE = fileURLToPath(new URL('../src/lib/api/generated.ts', import.meta.url));
const SDK_EVENTS = fileURLToPath(new URL('../../plugin-sdk/src/events.ts', import.meta.url));
const SDK_VALUES = fileURLToPath(new URL('../../plugin-sdk/src/values.ts', import.meta.url));

/**
 * A stand-in for every dependency of the route builders: any property, call or iteration yields
 * another inert stand-in. Route builders only capture dependencies in closures.
 */
function inert(): unknown {
  const target = function () {} as unknown as object;
  const proxy: unknown = new Proxy(target, {
    get(_t, prop) {
      if (prop === Symbol.toPrimitive) return () => '';
      if (prop === Symbol.iterator) return function* () {};
      if (prop === 'then') return undefined; // not a thenable
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy as object,
  });
  return proxy;
}

export function buildOpenApiDocument(): OpenApiDocument {
  const deps = inert() as RouteDeps;
  const routes = buildRoutes(deps);
  return buildOpenApi(routes, { title: 'Spindle API', version: 'generated' }, true) as OpenApiDocument;
}

/** The declarations that make up `ClientMessage` (and `ClientEventMap`), with the types they use. */
export async function clientMessageDeclarations(): Promise<string> {
  const files = await Promise.all(
    [SDK_EVENTS, SDK_VALUES].map(async (path) =>
      ts.createSourceFile(path, await readFile(path, 'utf8'), ts.ScriptTarget.ES2022, true),
    ),
  );
  const declarations = new Map<string, ts.Node>();
  for (const file of files) {
    for (const statement of file.statements) {
      if (
        (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
        !declarations.has(statement.name.text)
      ) {
        declarations.set(statement.name.text, statement);
      }
    }
  }
  const wanted: string[] = [];
  const visit = (name: string) => {
    const node = declarations.get(name);
    if (!node || wanted.includes(name)) return;
    wanted.push(name);
    const walk = (n: ts.Node) => {
      if (ts.isTypeReferenceNode(n) && ts.isIdentifier(n.typeName)) visit(n.typeName.text);
      if (ts.isTypeQueryNode(n) && ts.isIdentifier(n.exprName)) visit(n.exprName.text);
      n.forEachChild(walk);
    };
    node.forEachChild(walk);
  };
  visit('ClientMessage');
  visit('ClientEventMap');
  // Dependencies first, in the order they appear in the SDK's files.
  const order = [...declarations.keys()];
  return wanted
    .sort((a, b) => order.indexOf(a) - order.indexOf(b))
    .map((name) => {
      const node = declarations.get(name)!;
      const text = node.getText();
      return `${text.startsWith('export') ? '' : 'export '}${text}\n`;
    })
    .join('\n');
}

export async function generateApiClient(): Promise<string> {
  return openApiToTypeScript(buildOpenApiDocument(), await clientMessageDeclarations()).source;
}

async function main(): Promise<void> {
  const source = await generateApiClient();
  const current = await readFile(GENERATED_FILE, 'utf8').catch(() => '');
  if (process.argv.includes('--check')) {
    if (current !== source) {
      console.error(`${GENERATED_FILE} is stale: run \`npm run generate:api --workspace @spindle/ui\``);
      process.exit(1);
    }
    console.log('the generated API client is up to date');
    return;
  }
  if (current === source) {
    console.log('the generated API client is up to date');
    return;
  }
  await writeFile(GENERATED_FILE, source);
  console.log(`wrote ${GENERATED_FILE}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
