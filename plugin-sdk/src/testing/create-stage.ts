/** Instantiates a stage implementation from a plugin envelope, the way the core would. */
import { rmSync } from 'node:fs';
import type { JsonObject } from '../context.ts';
import type { StageFactory } from '../define-plugin.ts';
import { isPluginEnvelope } from '../define-plugin.ts';
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

/**
 * Calls the factory registered under `kind`/`id` with a fake setup (its data folder is removed
 * when the process exits). Throws when the envelope does not offer that stage.
 */
export async function createStage<K extends StageKind>(
  envelope: unknown,
  kind: K,
  id: string,
  options: FakeSetupOptions<JsonObject> = {},
): Promise<StageMap[K]> {
  if (!isPluginEnvelope(envelope)) throw new TypeError('createStage() needs the envelope a plugin default-exports (definePlugin(...))');
  const factory = envelope.definition.stages?.[kind]?.[id] as StageFactory<K, JsonObject> | undefined;
  if (typeof factory !== 'function') {
    const offered = envelope.offers.map((o) => `${o.kind}:${o.id}`).join(', ');
    throw new TypeError(`Plugin "${envelope.definition.id}" offers no ${kind} "${id}" (it offers: ${offered})`);
  }
  const setup = await createFakeSetup(options);
  removeAtExit(setup.host.dataDir.replace(/[\\/]data$/, ''));
  return await factory(setup);
}
