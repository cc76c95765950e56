/**
 * What the loader found: every discovered plugin with its status, and the implementations of
 * the configured ones (factories, validated settings).
 */
import type { JsonObject, PluginManifest, PluginSetup, ProviderKind, StageKind } from '@spindle/plugin-sdk';

export type OfferGroup = 'stage' | 'provider';

export interface PluginInfo {
  id: string;
  packageName: string;
  version: string;
  dir: string;
  origin: 'workspace' | 'node_modules' | 'plugins_path';
  /** loaded: serves configured stages; available: valid but not configured; invalid: cannot be used. */
  status: 'loaded' | 'available' | 'invalid';
  problem: string | null;
  manifest: PluginManifest | null;
}

export interface ImplementationRecord {
  pluginId: string;
  /** The plugin's package and folder (for messages); absent in records made outside the loader. */
  packageName?: string;
  dir?: string;
  group: OfferGroup;
  kind: StageKind | ProviderKind;
  id: string;
  manifest: PluginManifest;
  settings: JsonObject;
  create(setup: PluginSetup): unknown;
}

export function offerKey(group: OfferGroup, kind: string, id: string): string {
  return `${group}:${kind}:${id}`;
}

/** The tsyringe token under which an implementation's record is registered. */
export function implementationToken(group: OfferGroup, kind: string, id: string): string {
  return `spindle.${offerKey(group, kind, id)}`;
}

export class PluginRegistry {
  constructor(
    private infos: readonly PluginInfo[],
    private implementations: ReadonlyMap<string, ImplementationRecord>,
  ) {}

  get plugins(): readonly PluginInfo[] {
    return this.infos;
  }

  /** After a live configuration change (or a new look into the plugin folders). */
  update(infos: readonly PluginInfo[], implementations: ReadonlyMap<string, ImplementationRecord>): void {
    this.infos = infos;
    this.implementations = implementations;
  }

  find(group: OfferGroup, kind: string, id: string): ImplementationRecord | undefined {
    return this.implementations.get(offerKey(group, kind, id));
  }

  all(): ImplementationRecord[] {
    return [...this.implementations.values()];
  }
}
