#!/usr/bin/env node
/**
 * The compiled copy of Spindle that `npm start` runs: TypeScript's own emit (tsconfig.build.json) of
 * core, the plugin SDK, the workspace plugins and the migrations into dist/, laid out like the repo
 * (dist/core/src/…, dist/plugins/<name>/src/…). Then the package manifests the loader and Node read:
 * dist/plugins/<name>/package.json, dist/plugin-sdk/package.json and dist/core/http-kit/package.json
 * with their entries pointing at the emitted .js, dist/node_modules/@spindle/plugin-sdk and
 * …/http-kit linking to them (so compiled code imports the compiled SDK and kit), and a link to
 * each package's own node_modules. dist/build-info.json marks a finished build; it is older than a
 * source file when the sources changed since.
 *
 * Plain JavaScript: it runs before anything is compiled. `node core/scripts/build-dist.mjs` builds;
 * `--if-needed` builds only when the sources changed.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const DIST = join(REPO_ROOT, 'dist');
export const BUILD_INFO = join(DIST, 'build-info.json');
const PACKAGES = [
  'core',
  'core/http-kit',
  'plugin-sdk',
  ...readdirSync(join(REPO_ROOT, 'plugins'))
    .filter((n) => !n.startsWith('.') && existsSync(join(REPO_ROOT, 'plugins', n, 'package.json')))
    .map((n) => `plugins/${n}`),
];

/** Newest modification time among the build's inputs (files and folders: a deleted file changes its folder). */
function newestInput() {
  let newest = 0;
  const visit = (path, recursive = true) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return;
    }
    newest = Math.max(newest, stat.mtimeMs);
    if (!recursive || !stat.isDirectory()) return;
    for (const name of readdirSync(path)) if (name !== 'node_modules' && !name.startsWith('.')) visit(join(path, name));
  };
  for (const file of ['tsconfig.build.json', 'tsconfig.base.json', 'core/scripts/build-dist.mjs', 'migrations'])
    visit(join(REPO_ROOT, file));
  visit(join(REPO_ROOT, 'plugins'), false); // a plugin added or removed
  for (const pkg of PACKAGES) {
    visit(join(REPO_ROOT, pkg, 'package.json'));
    visit(join(REPO_ROOT, pkg, 'src'));
  }
  return newest;
}

/** True when dist/ holds a finished build of the current sources. */
export function distIsCurrent() {
  if (!existsSync(BUILD_INFO)) return false;
  return statSync(BUILD_INFO).mtimeMs >= newestInput();
}

const toJs = (entry) => (typeof entry === 'string' ? entry.replace(/\.ts$/, '.js') : entry);

function compiledManifest(pkg) {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, pkg, 'package.json'), 'utf8'));
  if (typeof manifest.exports === 'string') manifest.exports = toJs(manifest.exports);
  else if (manifest.exports && typeof manifest.exports === 'object') {
    for (const [key, value] of Object.entries(manifest.exports)) manifest.exports[key] = toJs(value);
  }
  if (manifest.main) manifest.main = toJs(manifest.main);
  if (manifest.module) manifest.module = toJs(manifest.module);
  delete manifest.scripts;
  delete manifest.bin;
  return manifest;
}

function link(target, path) {
  rmSync(path, { recursive: true, force: true });
  mkdirSync(dirname(path), { recursive: true });
  // Windows: a junction (no privilege needed), which takes an absolute target.
  if (process.platform === 'win32') symlinkSync(target, path, 'junction');
  else symlinkSync(relative(dirname(path), target) || '.', path, 'dir');
}

export function buildDist({ quiet = false } = {}) {
  const started = Date.now();
  if (!quiet) process.stderr.write('Compiling Spindle into dist/ (first start, or the sources changed)…\n');
  rmSync(BUILD_INFO, { force: true });
  const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(REPO_ROOT, 'tsconfig.build.json')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  // tsc emits despite type errors (exit 2); those are the lint's business. Anything else is a failed build.
  if (result.status !== 0 && !existsSync(join(DIST, 'core', 'src', 'cli', 'main.js'))) {
    throw new Error(`tsc failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  }
  // A plugin removed from plugins/ leaves the compiled copy too (else it would still be loaded).
  for (const name of existsSync(join(DIST, 'plugins')) ? readdirSync(join(DIST, 'plugins')) : []) {
    if (!PACKAGES.includes(`plugins/${name}`)) rmSync(join(DIST, 'plugins', name), { recursive: true, force: true });
  }
  for (const pkg of PACKAGES) {
    const out = join(DIST, pkg);
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, 'package.json'), JSON.stringify(compiledManifest(pkg), null, 2) + '\n');
    const ownModules = join(REPO_ROOT, pkg, 'node_modules');
    if (existsSync(ownModules)) link(ownModules, join(out, 'node_modules'));
  }
  link(join(DIST, 'plugin-sdk'), join(DIST, 'node_modules', '@spindle', 'plugin-sdk'));
  link(join(DIST, 'core', 'http-kit'), join(DIST, 'node_modules', '@spindle', 'http-kit'));
  writeFileSync(
    BUILD_INFO,
    JSON.stringify({ builtAt: new Date().toISOString(), seconds: (Date.now() - started) / 1000 }, null, 2) + '\n',
  );
  if (!quiet) process.stderr.write(`Compiled in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--if-needed') && distIsCurrent()) process.exit(0);
  buildDist();
}
