/**
 * JSON Merge Patch (RFC 7396) as every configuration write applies it: an object in the patch is
 * merged into the stored object key by key, `null` removes a key, anything else (strings, numbers,
 * arrays) replaces the stored value whole. `PATCH /api/config`, `PUT /api/config`, `spindle config
 * set/unset` and the UI's Settings all send such a patch.
 */
import { PIPELINE_DEFAULT, type PipelineConfig } from './app-config-fields.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The result of applying `patch` to `target` (neither is modified). */
export function applyMergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch);
  const result: Record<string, unknown> = isObject(target) ? structuredClone(target) : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    else result[key] = applyMergePatch(result[key], value);
  }
  return result;
}

/**
 * The stored pipeline keeps every stage key, so that a stage a patch removed (`"organizer": null`,
 * `"matchers": null`) stays empty instead of coming back as the built-in default at the next start:
 * a removed chain becomes `[]`, a removed organizer or ripper `null`. A removed provider kind simply
 * has no providers.
 */
export function canonicalPipeline(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const key of Object.keys(PIPELINE_DEFAULT) as (keyof PipelineConfig)[]) {
    if (Object.hasOwn(out, key)) continue;
    if (key === 'organizer') out[key] = null;
    else if (key === 'rippers') out[key] = { disc: null, folder: null };
    else if (key === 'providers') out[key] = {};
    else out[key] = [];
  }
  if (isObject(out.rippers)) out.rippers = { disc: null, folder: null, ...out.rippers };
  return out;
}
