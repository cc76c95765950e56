/**
 * Checks a discovered package's manifest before any of its code runs: the shape (JSON Schema
 * from the SDK) and the SDK range it was built for.
 */
import { pluginManifestSchema, SDK_VERSION, type PluginManifest } from '@spindle/plugin-sdk';
import { Ajv } from 'ajv';
import semver from 'semver';
import type { DiscoveredPackage } from './plugin-discovery.ts';
import { manifestErrorLines } from './plugin-load-messages.ts';

const ajv = new Ajv({ allErrors: true, strict: false });
const validateManifest = ajv.compile<PluginManifest>(pluginManifestSchema);

export type ManifestCheck = { ok: true; manifest: PluginManifest } | { ok: false; problem: string; fix: string };

export function checkManifest(pkg: DiscoveredPackage, sdkVersion: string = SDK_VERSION): ManifestCheck {
  if (!validateManifest(pkg.manifest)) {
    const lines = manifestErrorLines(validateManifest.errors ?? [], pkg.manifest);
    const keys = [...new Set(lines.map((l) => l.split(':')[0]))].join(', ');
    return {
      ok: false,
      problem: `its manifest (the "spindle" field of ${pkg.dir}/package.json) is invalid: ${lines.join('; ')}`,
      fix: `correct ${keys} in ${pkg.dir}/package.json (docs/plugin-authoring.md, "The manifest", lists the keys)`,
    };
  }
  const manifest = pkg.manifest;
  const range = semver.validRange(manifest.apiVersion);
  if (range === null) {
    return {
      ok: false,
      problem: `its apiVersion "${manifest.apiVersion}" is not a semver range`,
      fix: 'set "apiVersion" to a range such as "^1"',
    };
  }
  if (!semver.satisfies(sdkVersion, range)) {
    const sdkMajor = semver.major(sdkVersion);
    return {
      ok: false,
      problem: `it was built for plugin SDK ${manifest.apiVersion}, but this Spindle provides SDK ${sdkVersion}`,
      fix: `install a version of ${pkg.packageName} made for SDK ${sdkMajor} (apiVersion "^${sdkMajor}"), or a Spindle release whose SDK matches ${manifest.apiVersion}`,
    };
  }
  return { ok: true, manifest };
}
