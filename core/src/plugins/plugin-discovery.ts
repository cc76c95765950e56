/**
 * Finds plugin packages: any package.json with a `"spindle"` field in the workspace's plugins/
 * folder, in node_modules (plain and scoped packages), and in extra plugin folders. Reads
 * package.json only; runs no plugin code.
 */
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';

export interface DiscoveredPackage {
  /** Folder of the package (real path, symlinks resolved). */
  dir: string;
  packageName: string;
  packageVersion: string;
  /** Where it was found: 'workspace', 'node_modules' or 'plugins_path'. */
  origin: 'workspace' | 'node_modules' | 'plugins_path';
  /** The raw `spindle` field (validated later). */
  manifest: unknown;
  /** The package's entry (its `exports["."]`, `module` or `main`), relative to dir. */
  entry: string;
}

export interface DiscoveryRoots {
  workspacePlugins: string[];
  nodeModules: string[];
  pluginsPaths: string[];
  /** Folders whose packages are not loaded from node_modules (the sources of compiled workspace plugins). */
  shadowed?: string[];
}

async function isDir(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

async function childDirs(parent: string): Promise<string[]> {
  if (!(await isDir(parent))) return [];
  const entries = await readdir(parent, { withFileTypes: true });
  return entries
    .filter((e) => (e.isDirectory() || e.isSymbolicLink()) && !e.name.startsWith('.'))
    .map((e) => join(parent, e.name))
    .sort();
}

function entryOf(pkg: Record<string, unknown>): string {
  const exportsField = pkg.exports;
  if (typeof exportsField === 'string') return exportsField;
  if (exportsField && typeof exportsField === 'object') {
    const dot = (exportsField as Record<string, unknown>)['.'];
    if (typeof dot === 'string') return dot;
    if (dot && typeof dot === 'object') {
      const d = dot as Record<string, unknown>;
      for (const key of ['import', 'default', 'node']) if (typeof d[key] === 'string') return d[key] as string;
    }
  }
  if (typeof pkg.module === 'string') return pkg.module;
  if (typeof pkg.main === 'string') return pkg.main;
  return 'index.js';
}

async function readCandidate(dir: string, origin: DiscoveredPackage['origin']): Promise<DiscoveredPackage | null> {
  let text: string;
  try {
    text = await readFile(join(dir, 'package.json'), 'utf8');
  } catch {
    return null;
  }
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null; // not our business unless it claims to be a plugin, which we cannot tell
  }
  if (!('spindle' in pkg)) return null;
  return {
    dir: await realpath(dir),
    packageName: typeof pkg.name === 'string' ? pkg.name : dir,
    packageVersion: typeof pkg.version === 'string' ? pkg.version : '0.0.0',
    origin,
    manifest: pkg.spindle,
    entry: entryOf(pkg),
  };
}

async function packagesUnder(root: string): Promise<string[]> {
  const dirs: string[] = [];
  for (const dir of await childDirs(root)) {
    if (dir.split(/[\\/]/).pop()?.startsWith('@')) dirs.push(...(await childDirs(dir)));
    else dirs.push(dir);
  }
  return dirs;
}

export async function discoverPlugins(roots: DiscoveryRoots): Promise<DiscoveredPackage[]> {
  const found = new Map<string, DiscoveredPackage>();
  const shadowed = await Promise.all((roots.shadowed ?? []).map((dir) => realpath(dir).catch(() => dir)));
  const isShadowed = (dir: string) => shadowed.some((root) => dir === root || dir.startsWith(root + sep));
  const visit = async (dirs: string[], origin: DiscoveredPackage['origin']) => {
    for (const dir of dirs) {
      const candidate = await readCandidate(dir, origin);
      if (candidate && !found.has(candidate.dir) && !isShadowed(candidate.dir)) found.set(candidate.dir, candidate);
    }
  };
  for (const root of roots.workspacePlugins) await visit(await childDirs(root), 'workspace');
  for (const root of roots.pluginsPaths) {
    await visit(await packagesUnder(root), 'plugins_path');
    await visit(await packagesUnder(join(root, 'node_modules')), 'plugins_path');
  }
  for (const root of roots.nodeModules) await visit(await packagesUnder(root), 'node_modules');
  return [...found.values()];
}
