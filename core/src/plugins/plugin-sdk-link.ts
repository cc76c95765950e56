/**
 * Makes the running SDK resolvable for plugins in plugins_path, and refuses a plugin that carries
 * an SDK copy of another major version. A plugin folder needs no SDK of its own: when nothing named
 * `@spindle/plugin-sdk` is reachable from it, the loader links the running SDK into
 * `<plugins_path>/node_modules/@spindle/plugin-sdk` (a symlink, created only where nothing exists;
 * nothing of the person's is changed or removed). Node and vitest both resolve bare imports by
 * walking up node_modules folders from the importing file, so this one link serves every plugin
 * under that plugins_path. A copy of the same major version (e.g. installed by the author for
 * tests) is left alone and used.
 */
import { errorMessage, SDK_VERSION } from '@spindle/plugin-sdk';
import { mkdir, readFile, realpath, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, parse, relative } from 'node:path';
import semver from 'semver';
import type { DiscoveredPackage } from './plugin-discovery.ts';
import type { PluginProblem } from './plugin-startup-error.ts';

const SDK_NAME = '@spindle/plugin-sdk';

/** The folder of the SDK this core runs (real path). */
export async function runningSdkDir(): Promise<string> {
  return realpath(dirname(createRequire(import.meta.url).resolve(`${SDK_NAME}/package.json`)));
}

/** The first `node_modules/@spindle/plugin-sdk` reachable from `dir` (as Node would find it), or null. */
async function reachableSdk(dir: string): Promise<{ dir: string; version: string } | null> {
  let at = dir;
  const { root } = parse(dir);
  for (;;) {
    const candidate = join(at, 'node_modules', '@spindle', 'plugin-sdk');
    try {
      const pkg = JSON.parse(await readFile(join(candidate, 'package.json'), 'utf8')) as { version?: unknown };
      return { dir: candidate, version: typeof pkg.version === 'string' ? pkg.version : '0.0.0' };
    } catch {
      // not here: go up
    }
    if (at === root) return null;
    at = dirname(at);
  }
}

async function containingRoot(pkgDir: string, roots: readonly string[]): Promise<string | null> {
  for (const root of roots) {
    const real = await realpath(root).catch(() => null);
    if (real && !relative(real, pkgDir).startsWith('..')) return real;
  }
  return null;
}

/**
 * Before a plugin's code is imported: null when it can import the SDK (linking the running one into
 * its plugins_path when needed), else the problem to report.
 */
export async function provideSdk(
  pkg: DiscoveredPackage,
  pluginsPaths: readonly string[],
  pluginId: string,
): Promise<PluginProblem | null> {
  const subject = `plugin "${pluginId}" (${pkg.packageName}, ${pkg.dir})`;
  const running = await runningSdkDir();
  const found = await reachableSdk(pkg.dir);
  if (found) {
    const real = await realpath(found.dir).catch(() => found.dir);
    if (real === running) return null;
    const version = semver.valid(found.version);
    if (version !== null && semver.major(version) === semver.major(SDK_VERSION)) return null;
    return {
      subject,
      problem: `it bundles an incompatible copy of ${SDK_NAME} (${found.version}, in ${found.dir}), but this Spindle runs SDK ${SDK_VERSION}; a plugin must use the SDK Spindle provides`,
      fix: `delete ${found.dir} (Spindle provides its SDK to plugins in plugins_path), or install a version of ${pkg.packageName} made for SDK ${semver.major(SDK_VERSION)}`,
    };
  }
  if (pkg.origin !== 'plugins_path') return null; // workspace and node_modules plugins resolve through the app's own node_modules
  const root = await containingRoot(pkg.dir, pluginsPaths);
  if (root === null) return null;
  const link = join(root, 'node_modules', '@spindle', 'plugin-sdk');
  try {
    await mkdir(dirname(link), { recursive: true });
    await symlink(running, link, 'dir');
    return null;
  } catch (error) {
    return {
      subject,
      problem: `it cannot import ${SDK_NAME}: none is installed for it, and Spindle could not link its own into ${link} (${errorMessage(error)})`,
      fix: `let Spindle write to ${root}, or run \`npm install ${SDK_NAME}@^${SDK_VERSION}\` in ${pkg.dir}`,
    };
  }
}
