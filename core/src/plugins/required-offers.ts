/** Turns the `pipeline` configuration into the list of implementations that must be loadable. */
import type { PipelineConfig } from '../config/app-config-fields.ts';
import type { OfferGroup } from './plugin-registry.ts';

export interface RequiredOffer {
  group: OfferGroup;
  kind: string;
  id: string;
  /** The configuration key that asks for it, for error messages (e.g. `pipeline.rippers.disc`). */
  configKey: string;
}

export function requiredOffers(pipeline: PipelineConfig): RequiredOffer[] {
  const out: RequiredOffer[] = [];
  const chain = (kind: string, ids: readonly string[] | undefined, key: string) =>
    (ids ?? []).forEach((id) => out.push({ group: 'stage', kind, id, configKey: key }));
  chain('detector', pipeline.detectors, 'pipeline.detectors');
  chain('identifier', pipeline.identifiers, 'pipeline.identifiers');
  for (const [source, id] of Object.entries(pipeline.rippers ?? {})) {
    if (id) out.push({ group: 'stage', kind: 'ripper', id, configKey: `pipeline.rippers.${source}` });
  }
  chain('matcher', pipeline.matchers, 'pipeline.matchers');
  if (pipeline.organizer)
    out.push({ group: 'stage', kind: 'organizer', id: pipeline.organizer, configKey: 'pipeline.organizer' });
  chain('contributor', pipeline.contributors, 'pipeline.contributors');
  for (const [kind, ids] of Object.entries(pipeline.providers ?? {})) {
    for (const id of ids ?? []) out.push({ group: 'provider', kind, id, configKey: `pipeline.providers.${kind}` });
  }
  return out;
}
