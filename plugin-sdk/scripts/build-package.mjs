#!/usr/bin/env node
/**
 * Builds the installable @spindle/plugin-sdk into dist/: JavaScript + .d.ts compiled from src/,
 * plus a package.json whose exports point at that JavaScript, README and CHANGELOG.
 * `npm pack ./dist` (or `npm run package`) then gives the tarball a plugin author installs.
 *
 * Why two package.json files: inside the workspace the SDK's exports point at its TypeScript
 * source, so the core, the bundled plugins and the tests (tsx, vitest, tsc) always run the
 * current source with no build step; the published package must point at compiled JavaScript,
 * because Node does not run TypeScript from node_modules. Plain Node and tsc set no condition that
 * could tell the two apart, so the built package carries its own manifest instead.
 * Plain Node ESM on purpose: it runs without tsx. `node scripts/build-package.mjs [outDir]` builds
 * elsewhere than dist/ (tests build into a temp folder).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2] ? resolve(process.argv[2]) : join(root, 'dist');
const require = createRequire(import.meta.url);

rmSync(dist, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [require.resolve('typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', dist],
  { stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const source = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const entry = (path) => ({ types: `./${path}.d.ts`, default: `./${path}.js` });
const manifest = {
  name: source.name,
  version: source.version,
  description: source.description,
  type: 'module',
  license: source.license,
  engines: { node: '>=22.18' },
  exports: {
    '.': entry('index'),
    './testing': entry('testing/index'),
    './starter': entry('starter/index'),
    './package.json': './package.json',
  },
  bin: { 'spindle-plugin': './starter/cli.js' },
  dependencies: source.dependencies,
};
writeFileSync(join(dist, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
for (const file of ['README.md', 'CHANGELOG.md'])
  if (existsSync(join(root, file))) copyFileSync(join(root, file), join(dist, file));
chmodSync(join(dist, 'starter', 'cli.js'), 0o755);
console.log(`built ${source.name} ${source.version} into ${dist}`);
