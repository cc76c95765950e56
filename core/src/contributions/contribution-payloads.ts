/**
 * Turns queued drafts into the exact wire payloads (adding wire_format_version, the pseudonym and
 * client_version, which always win over the draft) and checks them with ajv against the SDK's schemas (additionalProperties:
 * false) — before queueing and again before sending, so nothing outside the spec's tables leaves.
 */
import { Ajv } from 'ajv';
import {
  discContributionSchema,
  episodeContributionSchema,
  InputError,
  WIRE_FORMAT_VERSION,
  type DiscContributionDraft,
  type DiscContributionPayload,
  type EpisodeContributionDraft,
  type EpisodeContributionPayload,
} from '@spindle/plugin-sdk';

const ajv = new Ajv({ allErrors: false, strict: false });
const validEpisode = ajv.compile(episodeContributionSchema);
const validDisc = ajv.compile(discContributionSchema);

function problem(errors: typeof validEpisode.errors): string {
  const e = errors?.[0];
  if (!e) return 'does not match the wire schema';
  if (e.keyword === 'additionalProperties')
    return `${e.instancePath || '(payload)'} carries a field outside the wire schema: "${String(e.params.additionalProperty)}"`;
  return `${e.instancePath || '(payload)'} ${e.message ?? 'is invalid'}`;
}

export function episodePayload(
  draft: EpisodeContributionDraft,
  pseudonym: string,
  clientVersion: string,
): EpisodeContributionPayload {
  const payload = {
    ...draft,
    wire_format_version: WIRE_FORMAT_VERSION,
    pseudonym,
    client_version: clientVersion,
  } as EpisodeContributionPayload;
  if (!validEpisode(payload))
    throw new InputError('invalid_contribution', `The episode contribution ${problem(validEpisode.errors)}`);
  return payload;
}

export function discPayload(
  draft: DiscContributionDraft,
  pseudonym: string,
  clientVersion: string,
): DiscContributionPayload {
  const payload = {
    ...draft,
    wire_format_version: WIRE_FORMAT_VERSION,
    pseudonym,
    client_version: clientVersion,
  } as DiscContributionPayload;
  if (!validDisc(payload))
    throw new InputError('invalid_contribution', `The disc-layout record ${problem(validDisc.errors)}`);
  return payload;
}
