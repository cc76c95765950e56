/**
 * Lint rules of the architecture:
 * 1. a plugin imports only @spindle/plugin-sdk (plus its own third-party libraries and Node
 *    built-ins), never core;
 * 2. the SDK's public types never use `any` (third-party authors would lose type checking).
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
const ANY = /(:\s*any\b|<any>|\bas any\b|\bany\[\]|Array<any>|,\s*any\s*[>,])/;
for (const file of files(join(root, 'plugin-sdk', 'src'))) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '');
      if (!code.trim().startsWith('*') && ANY.test(code))
        problems.push(`${relative(root, file)}:${i + 1}: uses \`any\` in the SDK`);
    });
}
if (problems.length > 0) {
  console.error(
    `Architecture rules broken (plugins import only @spindle/plugin-sdk; the SDK has no \`any\`):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log('architecture: ok (plugins import only @spindle/plugin-sdk; no `any` in the SDK)');
