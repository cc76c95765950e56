/** Which workspace plugins a pipeline configuration needs, read from their manifests (no code runs). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PipelineConfig } from '../../core/src/config/app-config-fields.ts';
import { requiredOffers } from '../../core/src/plugins/required-offers.ts';

const PLUGINS = fileURLToPath(new URL('../../plugins', import.meta.url));

export function pluginsFor(pipeline: PipelineConfig, extraFolders: string[] = []): string[] {
  const manifests = [PLUGINS, ...extraFolders].flatMap((root) =>
    readdirSync(root).flatMap((dir) => {
      try {
        const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as {
          spindle?: { id: string; stages?: Record<string, string[]>; providers?: Record<string, string[]> };
        };
        return pkg.spindle ? [pkg.spindle] : [];
      } catch {
        return [];
      }
    }),
  );
  const ids = new Set<string>();
  for (const offer of requiredOffers(pipeline)) {
    const owner = manifests.find((m) =>
      (offer.group === 'stage' ? m.stages : m.providers)?.[offer.kind]?.includes(offer.id),
    );
    if (!owner) throw new Error(`no plugin offers ${offer.group} ${offer.kind} "${offer.id}"`);
    ids.add(owner.id);
  }
  return [...ids].sort();
}
