/**
 * Lint rule of the architecture: a plugin imports only @spindle/plugin-sdk (plus its own
 * third-party libraries and Node built-ins), never core.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const pluginsDir = join(root, 'plugins');
const FORBIDDEN = [/^@spindle\/core(\/|$)/, /(^|\/)core\/src(\/|$)/, /^(\.\.\/)+core(\/|$)/];
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (/\.(ts|js|mjs|svelte)$/.test(name)) yield path;
  }
}

const problems: string[] = [];
for (const file of files(pluginsDir)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? '';
    if (FORBIDDEN.some((re) => re.test(spec))) problems.push(`${relative(root, file)}: imports "${spec}"`);
  }
}
if (problems.length > 0) {
  console.error(`Plugins may import only @spindle/plugin-sdk, never core or files outside their package:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('plugin imports: ok (plugins import only @spindle/plugin-sdk)');
