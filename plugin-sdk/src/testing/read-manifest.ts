/** Reads a plugin's manifest (the `spindle` field of its package.json) for tests. */
import { readFileSync } from 'node:fs';
import type { PluginManifest } from '../manifest.ts';

/**
 * `readManifest(new URL('../package.json', import.meta.url))`: the plugin's `spindle` field, to pass
 * as `{ manifest }` to createStage/createProvider/createFakeContext so settings defaults apply.
 */
export function readManifest(packageJson: string | URL): PluginManifest {
  const pkg = JSON.parse(readFileSync(packageJson, 'utf8')) as { spindle?: PluginManifest };
  if (typeof pkg.spindle !== 'object' || pkg.spindle === null)
    throw new TypeError(`${String(packageJson)} has no "spindle" field`);
  return pkg.spindle;
}
