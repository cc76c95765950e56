/**
 * The plugin catalog: every discovered package with its manifest checked (no plugin code runs),
 * an index of who offers which stage or provider, and the one package that offers what the
 * configuration asks for (or why none can). Used by loadPlugins() and the live pipeline host.
 */
import type { Logger, PluginManifest } from '@spindle/plugin-sdk';
import { discoverPlugins, type DiscoveredPackage, type DiscoveryRoots } from './plugin-discovery.ts';
import { checkManifest } from './plugin-manifest-check.ts';
import { offerKey, type PluginInfo } from './plugin-registry.ts';
import type { PluginProblem } from './plugin-startup-error.ts';
import type { RequiredOffer } from './required-offers.ts';

export interface Candidate {
  pkg: DiscoveredPackage;
  manifest: PluginManifest;
  info: PluginInfo;
  /** The configuration keys that name it (for messages). */
  configuredIn?: string[];
}

export function declaredOffers(manifest: PluginManifest): string[] {
  const keys: string[] = [];
  for (const [kind, ids] of Object.entries(manifest.stages ?? {}))
    for (const id of ids ?? []) keys.push(offerKey('stage', kind, id));
  for (const [kind, ids] of Object.entries(manifest.providers ?? {}))
    for (const id of ids ?? []) keys.push(offerKey('provider', kind, id));
  return keys.sort();
}

function missingOfferFix(required: RequiredOffer): string {
  return `install a plugin package that offers ${required.group} ${required.kind} "${required.id}" (a package.json with a "spindle" field, in plugins/, node_modules or the plugins_path folder), or remove "${required.id}" from ${required.configKey} in the configuration`;
}

/** Every discovered package with its manifest checked (no plugin code runs), and who offers what. */
export interface PluginCatalog {
  infos: PluginInfo[];
  invalidByDir: Map<string, { pkg: DiscoveredPackage; problem: string; fix: string }>;
  offersIndex: Map<string, Candidate[]>;
}

export async function catalogPlugins(
  roots: DiscoveryRoots,
  sdkVersion: string,
  logger: Logger,
): Promise<PluginCatalog> {
  const discovered = await discoverPlugins(roots);
  const infos: PluginInfo[] = [];
  const invalidByDir = new Map<string, { pkg: DiscoveredPackage; problem: string; fix: string }>();
  const offersIndex = new Map<string, Candidate[]>();

  for (const pkg of discovered) {
    const check = checkManifest(pkg, sdkVersion);
    const rawId = (pkg.manifest as { id?: unknown } | null)?.id;
    const info: PluginInfo = {
      id: typeof rawId === 'string' ? rawId : pkg.packageName,
      packageName: pkg.packageName,
      version: pkg.packageVersion,
      dir: pkg.dir,
      origin: pkg.origin,
      status: check.ok ? 'available' : 'invalid',
      problem: check.ok ? null : check.problem,
      manifest: check.ok ? check.manifest : null,
    };
    infos.push(info);
    if (!check.ok) {
      invalidByDir.set(pkg.dir, { pkg, problem: check.problem, fix: check.fix });
      logger.warn(`plugin ${pkg.packageName} is not usable: ${check.problem}`);
      continue;
    }
    for (const key of declaredOffers(check.manifest)) {
      offersIndex.set(key, [...(offersIndex.get(key) ?? []), { pkg, manifest: check.manifest, info }]);
    }
  }
  return { infos, invalidByDir, offersIndex };
}

/** The one valid package that offers `required`, or the problem (naming the configuration key) why none can. */
export function findOffer(
  catalog: PluginCatalog,
  required: RequiredOffer,
): { candidate: Candidate } | { problem: PluginProblem } {
  const key = offerKey(required.group, required.kind, required.id);
  const candidates = catalog.offersIndex.get(key) ?? [];
  if (candidates.length === 1) return { candidate: candidates[0]! };
  if (candidates.length > 1) {
    return {
      problem: {
        subject: `${required.kind} "${required.id}"`,
        problem: `offered by several packages (${candidates.map((c) => c.pkg.packageName).join(', ')})`,
        fix: 'uninstall all but one of them',
      },
    };
  }
  // Nothing valid offers it: blame an invalid package that claims it, if any.
  const claimant = [...catalog.invalidByDir.values()].find((inv) => {
    const m = inv.pkg.manifest as { stages?: Record<string, unknown>; providers?: Record<string, unknown> } | null;
    const table = required.group === 'stage' ? m?.stages : m?.providers;
    const ids = table?.[required.kind];
    return Array.isArray(ids) && ids.includes(required.id);
  });
  return {
    problem: claimant
      ? {
          subject: claimant.pkg.packageName,
          problem: `it is configured in ${required.configKey}, but ${claimant.problem}`,
          fix: claimant.fix,
        }
      : {
          subject: `${required.kind} "${required.id}"`,
          problem: `configured in ${required.configKey}, but no installed plugin offers it`,
          fix: missingOfferFix(required),
        },
  };
}
