/**
 * Where the installation's own folders are, relative to this source file. The same code runs from
 * the sources (tsx, tests) and compiled into dist/ (`npm start`, see core/scripts/build-dist.mjs); in the
 * compiled copy the plugins are the compiled ones in dist/plugins, everything else is the repo's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CODE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** True when this is the compiled copy (dist/ holds build-info.json). */
export const COMPILED = existsSync(join(CODE_ROOT, 'build-info.json'));
export const REPO_ROOT = COMPILED ? join(CODE_ROOT, '..') : CODE_ROOT;
export const UI_DIST = join(REPO_ROOT, 'ui', 'dist');
/** The workspace plugins this code loads (compiled ones when compiled). */
export const WORKSPACE_PLUGINS = join(CODE_ROOT, 'plugins');
/** The workspace plugins' sources: node_modules links to them are not loaded a second time by a compiled start. */
export const SOURCE_PLUGINS = join(REPO_ROOT, 'plugins');
export const ROOT_NODE_MODULES = join(REPO_ROOT, 'node_modules');

export const APP_VERSION: string = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'core', 'package.json'), 'utf8')) as { version: string }
).version;
