/**
 * `spindle plugin new <kind> <id>`: writes a plugin folder with its package.json (manifest),
 * src/index.(js|ts), a test using the kit (node:test, no other test runner needed), a tsconfig
 * for type checking (checkJs for JavaScript) and a README. The written test passes as it is.
 */
import { access, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ID_PATTERN } from '../define-plugin.ts';
import { PROVIDER_KINDS } from '../providers/index.ts';
import { STAGE_KINDS } from '../stages/index.ts';
import { SDK_VERSION } from '../version.ts';
import { PROVIDER_TEMPLATES } from './templates-providers.ts';
import { STAGE_TEMPLATES, type KindTemplate } from './templates-stages.ts';

export const STARTER_KINDS: readonly string[] = [...STAGE_KINDS, ...PROVIDER_KINDS];

export interface StarterOptions {
  /** A stage kind (detector, identifier, ripper, matcher, organizer, contributor) or provider kind. */
  kind: string;
  /** Plugin id: lowercase letters, digits and dashes; also the implementation id. */
  id: string;
  /** JavaScript (checked with checkJs) instead of TypeScript. */
  js?: boolean;
  /** Folder to create (default: ./spindle-plugin-<id> under cwd). Must not exist yet. */
  dir?: string;
  cwd?: string;
}

export interface StarterResult {
  dir: string;
  files: string[];
  group: 'stage' | 'provider';
}

function templateOf(kind: string): { group: 'stage' | 'provider'; template: KindTemplate } {
  const stage = STAGE_TEMPLATES[kind];
  if (stage) return { group: 'stage', template: stage };
  const provider = PROVIDER_TEMPLATES[kind];
  if (provider) return { group: 'provider', template: provider };
  throw new Error(`Unknown kind "${kind}". Choose one of: ${STARTER_KINDS.join(', ')}`);
}

/** Turns the `@@const(…)@@` and `@@type(…)@@ const x` markers of the templates into TS or JSDoc. */
function forLanguage(code: string, js: boolean): string {
  return code
    .replace(/@@const\((.+?)\)@@/g, (_, value: string) =>
      js ? `/** @type {const} */ (${value})` : `(${value} as const)`,
    )
    .replace(/@@type\((.+?)\)@@ (const|let) (\w+) =/g, (_, type: string, decl: string, name: string) =>
      js ? `/** @type {${type}} */ ${decl} ${name} =` : `${decl} ${name}: ${type} =`,
    );
}

function importLine(names: string[], from: string): string[] {
  return names.length > 0 ? [`import { ${[...new Set(names)].sort().join(', ')} } from '${from}';`] : [];
}

function pluginSource(id: string, kind: string, group: 'stage' | 'provider', t: KindTemplate, js: boolean): string {
  const lines = [
    `/** Spindle plugin "${id}": ${group} ${kind}. ${t.summary}. */`,
    ...(t.imports ?? []),
    ...importLine(['definePlugin', ...t.sdkImports], '@spindle/plugin-sdk'),
    '',
    'export default definePlugin({',
    `  id: '${id}',`,
    `  ${group}s: {`,
    `    ${kind}: {`,
    `      '${id}': ${t.factory.replaceAll('\n', '\n    ')},`,
    '    },',
    '  },',
    '});',
    '',
  ];
  return forLanguage(lines.join('\n').replaceAll('__ID__', id), js);
}

function testSource(id: string, kind: string, group: 'stage' | 'provider', t: KindTemplate, js: boolean): string {
  const ext = js ? 'js' : 'ts';
  const lines = [
    `/** Tests of ${id} with the Spindle test kit; run with \`npm test\`. */`,
    "import assert from 'node:assert/strict';",
    "import { after, describe, it } from 'node:test';",
    ...(t.testImports ?? []),
    "import { isPluginEnvelope } from '@spindle/plugin-sdk';",
    ...importLine(['readManifest', ...t.kitImports], '@spindle/plugin-sdk/testing'),
    `import plugin from '../src/index.${ext}';`,
    '',
    "const manifest = readManifest(new URL('../package.json', import.meta.url));",
    'void after;',
    '',
    `describe('${id}', () => {`,
    "  it('default-exports the plugin its package.json declares', () => {",
    '    assert.ok(isPluginEnvelope(plugin));',
    '    assert.equal(plugin.definition.id, manifest.id);',
    `    assert.deepEqual(plugin.offers, [{ group: '${group}', kind: '${kind}', id: '${id}' }]);`,
    '  });',
    '',
    t.tests,
    '});',
    '',
  ];
  return forLanguage(lines.join('\n').replaceAll('__ID__', id), js);
}

function packageJson(id: string, kind: string, group: 'stage' | 'provider', t: KindTemplate, js: boolean): string {
  const ext = js ? 'js' : 'ts';
  const sdkRange = `^${SDK_VERSION}`;
  const pkg = {
    name: `spindle-plugin-${id}`,
    version: '0.1.0',
    description: `Spindle ${group} ${kind}: ${t.summary}`,
    type: 'module',
    exports: { '.': `./src/index.${ext}` },
    scripts: { test: `node --test test/*.test.${ext}`, check: 'tsc -p tsconfig.json' },
    spindle: {
      id,
      apiVersion: sdkRange.replace(/\.\d+$/, ''),
      displayName: id,
      [`${group}s`]: { [kind]: [id] },
      settingsSchema: t.settingsSchema,
    },
    peerDependencies: { '@spindle/plugin-sdk': sdkRange },
    devDependencies: { '@spindle/plugin-sdk': sdkRange, typescript: '^5.9.0' },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

function tsconfig(js: boolean): string {
  const options: Record<string, unknown> = {
    target: 'ES2023',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    types: ['node'],
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    ...(js
      ? { allowJs: true, checkJs: true }
      : { allowImportingTsExtensions: true, verbatimModuleSyntax: true, erasableSyntaxOnly: true }),
  };
  return `${JSON.stringify({ compilerOptions: options, include: ['src', 'test'] }, null, 2)}\n`;
}

function readme(id: string, kind: string, group: 'stage' | 'provider', t: KindTemplate, js: boolean): string {
  const ext = js ? 'js' : 'ts';
  return `# spindle-plugin-${id}

A Spindle ${group} of kind \`${kind}\`: ${t.summary}.

- \`src/index.${ext}\` — the plugin: \`definePlugin()\` with one ${group} factory. It imports only \`@spindle/plugin-sdk\`.
- \`package.json\` — the \`spindle\` field is the manifest Spindle reads before running any code (id,
  \`apiVersion\`, what the plugin offers, \`settingsSchema\` with defaults).
- \`test/index.test.${ext}\` — tests with the SDK's kit (\`create${group === 'stage' ? 'Stage' : 'Provider'}()\` applies the schema's defaults
  the way Spindle does)${t.kitImports.some((n) => n.endsWith('Conformance')) ? ' and the conformance suite of the kind' : ''}.

## Develop

    npm install          # the SDK (while unpublished: npm install /path/to/spindle-plugin-sdk-<version>.tgz) and TypeScript
    npm test             # node --test
    npm run check        # tsc${js ? ' (checkJs)' : ''}

## Use it in Spindle

Put this folder in Spindle's plugin folder (\`spindle config set --local plugins_path /srv/spindle/plugins\`),
choose it in the pipeline (Settings, or the configuration key for ${group === 'stage' ? `the ${kind} stage` : `\`pipeline.providers.${kind}\``}: \`${id}\`),
and set its settings under \`plugin_settings.${id}\`. Spindle provides the SDK to plugins in its plugin
folder; a copy installed here is used only if it has the same major version.
`;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

export async function writeStarter(options: StarterOptions): Promise<StarterResult> {
  const { kind, id } = options;
  const js = options.js ?? false;
  if (!ID_PATTERN.test(id) || id.length > 64)
    throw new Error(`Plugin id "${id}" must be lowercase letters, digits and dashes (e.g. "organizer-by-year")`);
  const { group, template } = templateOf(kind);
  const dir = resolve(options.cwd ?? process.cwd(), options.dir ?? `spindle-plugin-${id}`);
  if (await exists(dir)) throw new Error(`${dir} already exists; choose another --dir`);
  const ext = js ? 'js' : 'ts';
  const files: [string, string][] = [
    ['package.json', packageJson(id, kind, group, template, js)],
    [`src/index.${ext}`, pluginSource(id, kind, group, template, js)],
    [`test/index.test.${ext}`, testSource(id, kind, group, template, js)],
    ['tsconfig.json', tsconfig(js)],
    ['README.md', readme(id, kind, group, template, js)],
  ];
  for (const [name, content] of files) {
    await mkdir(join(dir, name, '..'), { recursive: true });
    await writeFile(join(dir, name), content, { flag: 'wx' });
  }
  return { dir, files: files.map(([name]) => name), group };
}
