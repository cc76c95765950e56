/**
 * The smallest JSON Merge Patch (RFC 7396) that turns `before` into `after`: what the settings
 * send for `pipeline` and `plugin_settings`, so a save changes only what the person changed (a key
 * they removed is sent as null) and never overwrites what another tab or client changed elsewhere.
 */
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function diffMergePatch(before: unknown, after: unknown): unknown {
  if (!isObject(before) || !isObject(after)) return after;
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) patch[key] = null;
  for (const [key, value] of Object.entries(after)) {
    if (Object.hasOwn(before, key) && JSON.stringify(before[key]) === JSON.stringify(value)) continue;
    patch[key] = isObject(before[key]) && isObject(value) ? diffMergePatch(before[key], value) : value;
  }
  return patch;
}

/** Drops nested fields whose patch is empty (nothing changed there). */
export function isEmptyPatch(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length === 0;
}
