import type { ProviderLookup } from '../context.ts';
import type { ProviderKind, ProviderMap } from '../providers/index.ts';

/** Providers by kind: one implementation, or several in configured order. */
export type ProviderTable = { [K in ProviderKind]?: ProviderMap[K] | ProviderMap[K][] };

/** A ProviderLookup over a plain object (`{ catalog: myCatalog, subtitles: [a, b] }`). */
export function providerLookupFrom(table: ProviderTable = {}): ProviderLookup {
  const listOf = <K extends ProviderKind>(kind: K): ProviderMap[K][] => {
    const entry = table[kind] as ProviderMap[K] | ProviderMap[K][] | undefined;
    if (entry === undefined) return [];
    return Array.isArray(entry) ? [...entry] : [entry];
  };
  return {
    get: (kind) => listOf(kind)[0] ?? null,
    all: (kind) => listOf(kind),
  };
}
