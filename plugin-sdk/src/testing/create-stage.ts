/** Instantiates a stage or provider implementation from a plugin envelope, the way the core would. */
import { rmSync } from 'node:fs';
import type { JsonObject } from '../context.ts';
import type { ProviderFactory, StageFactory } from '../define-plugin.ts';
import { isPluginEnvelope } from '../define-plugin.ts';
import type { ProviderKind, ProviderMap } from '../providers/index.ts';
import type { StageKind, StageMap } from '../stages/index.ts';
import { createFakeSetup, type FakeSetupOptions } from './fake-context.ts';

const pendingCleanup = new Set<string>();
let cleanupHooked = false;

function removeAtExit(folder: string): void {
  pendingCleanup.add(folder);
  if (cleanupHooked) return;
  cleanupHooked = true;
  process.once('exit', () => {
    for (const path of pendingCleanup) rmSync(path, { recursive: true, force: true });
  });
}

async function create(
  envelope: unknown,
  group: 'stage' | 'provider',
  kind: string,
  id: string,
  options: FakeSetupOptions<JsonObject>,
): Promise<unknown> {
  const caller = group === 'stage' ? 'createStage()' : 'createProvider()';
  if (!isPluginEnvelope(envelope))
    throw new TypeError(`${caller} needs the envelope a plugin default-exports (definePlugin(...))`);
  const table = (group === 'stage' ? envelope.definition.stages : envelope.definition.providers) as
    Record<string, Record<string, unknown>> | undefined;
  const factory = table?.[kind]?.[id];
  if (typeof factory !== 'function') {
    const offered = envelope.offers.map((o) => `${o.kind}:${o.id}`).join(', ');
    throw new TypeError(
      `Plugin "${envelope.definition.id}" offers no ${group} ${kind} "${id}" (it offers: ${offered})`,
    );
  }
  const setup = await createFakeSetup(options);
  removeAtExit(setup.host.dataDir.replace(/[\\/]data$/, ''));
  return await (factory as (s: typeof setup) => unknown)(setup);
}

/**
 * Calls the stage factory registered under `kind`/`id` with a fake setup (its data folder is
 * removed when the process exits). Pass `manifest` (see readManifest) or `settingsSchema` so the
 * schema's defaults are filled in exactly as the core fills them. Throws when the envelope does
 * not offer that stage.
 */
export async function createStage<K extends StageKind>(
  envelope: unknown,
  kind: K,
  id: string,
  options: FakeSetupOptions<JsonObject> = {},
): Promise<StageMap[K]> {
  return (await create(envelope, 'stage', kind, id, options)) as Awaited<ReturnType<StageFactory<K>>>;
}

/** Like createStage(), for a provider (`createProvider(plugin, 'notifier', 'file', { manifest })`). */
export async function createProvider<K extends ProviderKind>(
  envelope: unknown,
  kind: K,
  id: string,
  options: FakeSetupOptions<JsonObject> = {},
): Promise<ProviderMap[K]> {
  return (await create(envelope, 'provider', kind, id, options)) as Awaited<ReturnType<ProviderFactory<K>>>;
}
