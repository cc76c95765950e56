/**
 * Holds the configured implementation of every stage and provider and hands them to the pipeline
 * in configured order. Which implementation serves a stage is configuration: a configuration
 * change swaps the chains (`replaceWith`) for the next job, while a running job keeps the
 * `snapshot()` it started with.
 */
import type {
  Contributor,
  Detector,
  Identifier,
  Matcher,
  Organizer,
  ProviderKind,
  ProviderLookup,
  ProviderMap,
  Ripper,
  SourceKind,
} from '@spindle/plugin-sdk';
import { injectable } from 'tsyringe';
import type { PipelineConfig } from '../config/app-config-fields.ts';
import { createImplementation } from '../plugins/create-implementation.ts';
import type { PluginContextFactory } from '../plugins/plugin-context-factory.ts';
import type { ImplementationRecord, PluginRegistry } from '../plugins/plugin-registry.ts';

export interface Resolved<T> {
  record: ImplementationRecord;
  impl: T;
}

/**
 * The configured providers as they are now: what plugins and core services look up at call time.
 * Its contents are replaced each time a pipeline is applied (at start and on every configuration
 * change), so every holder sees the live providers without being rebuilt.
 */
@injectable()
export class ProviderTable implements ProviderLookup {
  private providers = new Map<string, unknown[]>();

  replace(providers: Map<string, unknown[]>): void {
    this.providers = providers;
  }

  get<K extends ProviderKind>(kind: K): ProviderMap[K] | null {
    return (this.providers.get(kind)?.[0] as ProviderMap[K] | undefined) ?? null;
  }

  all<K extends ProviderKind>(kind: K): ProviderMap[K][] {
    return [...((this.providers.get(kind) ?? []) as ProviderMap[K][])];
  }
}

interface Chains {
  detectors: Resolved<Detector>[];
  identifiers: Resolved<Identifier>[];
  rippers: Partial<Record<SourceKind, Resolved<Ripper>>>;
  matchers: Resolved<Matcher>[];
  organizer: Resolved<Organizer> | null;
  contributors: Resolved<Contributor>[];
  /** Providers by kind with their records (ids), in configured order. */
  providers?: Map<string, Resolved<unknown>[]>;
}

export type ResolvedLookup = (group: 'stage' | 'provider', kind: string, id: string) => Resolved<unknown>;

export class StageResolver {
  private constructor(private chains: Chains) {}

  /** Builds the chains of `pipeline` from implementations already created (see pipeline-host.ts). */
  static fromResolved(pipeline: PipelineConfig, lookup: ResolvedLookup): StageResolver {
    const chain = <T>(kind: string, ids: readonly string[] | undefined) =>
      (ids ?? []).map((id) => lookup('stage', kind, id) as Resolved<T>);
    const rippers: Partial<Record<SourceKind, Resolved<Ripper>>> = {};
    for (const [source, id] of Object.entries(pipeline.rippers ?? {}) as [SourceKind, string | null][]) {
      if (id) rippers[source] = lookup('stage', 'ripper', id) as Resolved<Ripper>;
    }
    return new StageResolver({
      detectors: chain<Detector>('detector', pipeline.detectors),
      identifiers: chain<Identifier>('identifier', pipeline.identifiers),
      rippers,
      matchers: chain<Matcher>('matcher', pipeline.matchers),
      organizer: pipeline.organizer ? (lookup('stage', 'organizer', pipeline.organizer) as Resolved<Organizer>) : null,
      contributors: chain<Contributor>('contributor', pipeline.contributors),
      providers: new Map(
        Object.entries(pipeline.providers ?? {}).map(([kind, ids]) => [
          kind,
          (ids ?? []).map((id) => lookup('provider', kind, id)),
        ]),
      ),
    });
  }

  /** Takes over the chains of `next` (a live configuration change). */
  replaceWith(next: StageResolver): void {
    this.chains = next.chains;
  }

  /** The chains as they are now; unaffected by later changes (what a running job uses). */
  snapshot(): StageResolver {
    return new StageResolver(this.chains);
  }

  /** Implementations by kind, in configured order (for the shared provider lookup). */
  providerImpls(): Map<string, unknown[]> {
    return new Map(
      [...(this.chains.providers ?? new Map<string, Resolved<unknown>[]>())].map(([kind, list]) => [
        kind,
        list.map((p) => p.impl),
      ]),
    );
  }

  static async create(
    registry: PluginRegistry,
    pipeline: PipelineConfig,
    contexts: PluginContextFactory,
    providers: ProviderTable,
  ): Promise<StageResolver> {
    const make = async <T>(group: 'stage' | 'provider', kind: string, id: string): Promise<Resolved<T>> => {
      const record = registry.find(group, kind, id);
      if (!record) throw new Error(`${group} ${kind} "${id}" was not loaded`); // the loader already refused to start
      return { record, impl: (await createImplementation(record, contexts.setup(record))) as T };
    };
    const providerRecords = new Map<string, Resolved<unknown>[]>();
    for (const [kind, ids] of Object.entries(pipeline.providers ?? {})) {
      const list: Resolved<unknown>[] = [];
      for (const id of ids ?? []) list.push(await make<unknown>('provider', kind, id));
      providerRecords.set(kind, list);
    }
    providers.replace(new Map([...providerRecords].map(([kind, list]) => [kind, list.map((p) => p.impl)])));
    const chain = async <T>(kind: string, ids: readonly string[] | undefined) => {
      const out: Resolved<T>[] = [];
      for (const id of ids ?? []) out.push(await make<T>('stage', kind, id));
      return out;
    };
    const rippers: Partial<Record<SourceKind, Resolved<Ripper>>> = {};
    for (const [source, id] of Object.entries(pipeline.rippers ?? {}) as [SourceKind, string | null][]) {
      if (id) rippers[source] = await make<Ripper>('stage', 'ripper', id);
    }
    return new StageResolver({
      detectors: await chain<Detector>('detector', pipeline.detectors),
      identifiers: await chain<Identifier>('identifier', pipeline.identifiers),
      rippers,
      matchers: await chain<Matcher>('matcher', pipeline.matchers),
      organizer: pipeline.organizer ? await make<Organizer>('stage', 'organizer', pipeline.organizer) : null,
      contributors: await chain<Contributor>('contributor', pipeline.contributors),
      providers: providerRecords,
    });
  }

  detectors(): Resolved<Detector>[] {
    return this.chains.detectors;
  }
  identifiers(): Resolved<Identifier>[] {
    return this.chains.identifiers;
  }
  ripperFor(source: SourceKind): Resolved<Ripper> | null {
    return this.chains.rippers[source] ?? null;
  }
  matchers(): Resolved<Matcher>[] {
    return this.chains.matchers;
  }
  organizer(): Resolved<Organizer> | null {
    return this.chains.organizer;
  }
  contributors(): Resolved<Contributor>[] {
    return this.chains.contributors;
  }
  /** The configured providers of a kind with their records (implementation id, plugin), in configured order. */
  providers<K extends ProviderKind>(kind: K): Resolved<ProviderMap[K]>[] {
    return [...((this.chains.providers?.get(kind) ?? []) as Resolved<ProviderMap[K]>[])];
  }
}
