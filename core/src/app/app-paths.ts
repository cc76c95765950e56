/** Where the installation's own folders are, relative to this source file. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const UI_DIST = join(REPO_ROOT, 'ui', 'dist');
export const WORKSPACE_PLUGINS = join(REPO_ROOT, 'plugins');
export const ROOT_NODE_MODULES = join(REPO_ROOT, 'node_modules');

export const APP_VERSION: string = (
  JSON.parse(readFileSync(join(REPO_ROOT, 'core', 'package.json'), 'utf8')) as { version: string }
).version;
