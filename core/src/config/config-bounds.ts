/**
 * Limits every configuration value must keep before it is stored, and the check that a value
 * reads back exactly as written. All walks are iterative (an explicit stack), so a hostile value
 * nested thousands of levels deep is measured and refused without ever overflowing the stack.
 */
import { SEALED_PREFIX } from './secret-box.ts';

export const CONFIG_LIMITS = {
  /** Levels of objects/arrays inside a field (`plugin_settings` → plugin → setting → … counts from the field). */
  maxDepth: 10,
  maxStringLength: 16 * 1024,
  maxArrayItems: 1000,
  maxObjectKeys: 500,
  /** The JSON text of one field. */
  maxFieldBytes: 256 * 1024,
} as const;

const describeWhere = (path: readonly (string | number)[]): string => {
  const shown = path.length > 12 ? [...path.slice(0, 12), '…'] : path;
  return shown.map(String).join('.');
};

/**
 * Why `value` of `field` breaks a limit (the message names the field and where inside it), or
 * null when it keeps every limit.
 */
export function boundsProblem(field: string, value: unknown): string | null {
  const stack: { value: unknown; path: (string | number)[]; depth: number }[] = [{ value, path: [field], depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    const where = () => describeWhere(item.path);
    if (typeof item.value === 'string') {
      if (item.value.length > CONFIG_LIMITS.maxStringLength)
        return `Invalid value for "${where()}": longer than ${CONFIG_LIMITS.maxStringLength} characters`;
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= CONFIG_LIMITS.maxDepth)
      return `Invalid value for "${where()}": nested deeper than ${CONFIG_LIMITS.maxDepth} levels`;
    if (Array.isArray(item.value)) {
      if (item.value.length > CONFIG_LIMITS.maxArrayItems)
        return `Invalid value for "${where()}": more than ${CONFIG_LIMITS.maxArrayItems} items`;
      item.value.forEach((child, index) =>
        stack.push({ value: child, path: [...item.path, index], depth: item.depth + 1 }),
      );
      continue;
    }
    const entries = Object.entries(item.value);
    if (entries.length > CONFIG_LIMITS.maxObjectKeys)
      return `Invalid value for "${where()}": more than ${CONFIG_LIMITS.maxObjectKeys} keys`;
    for (const [key, child] of entries) {
      if (key.length > 200) return `Invalid value for "${where()}": a key is longer than 200 characters`;
      stack.push({ value: child, path: [...item.path, key], depth: item.depth + 1 });
    }
  }
  const bytes = Buffer.byteLength(JSON.stringify(value) ?? '');
  if (bytes > CONFIG_LIMITS.maxFieldBytes)
    return `Invalid value for "${field}": ${bytes} bytes of JSON, more than ${CONFIG_LIMITS.maxFieldBytes}`;
  return null;
}

/**
 * Why `value` would not read back as written after a JSON round trip (NaN, Infinity, undefined,
 * functions, class instances…), or null when it would. Numbers compare with `===`, so 0 and -0
 * are the same value, as they are in JSON.
 */
export function readBackProblem(field: string, value: unknown): string | null {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return `Invalid value for "${field}": it cannot be stored as JSON`;
  }
  if (text === undefined) return `Invalid value for "${field}": it cannot be stored as JSON`;
  const back: unknown = JSON.parse(text);
  const stack: { a: unknown; b: unknown; path: (string | number)[] }[] = [{ a: value, b: back, path: [field] }];
  while (stack.length > 0) {
    const { a, b, path } = stack.pop()!;
    const differs = `Invalid value for "${describeWhere(path)}": it would not read back as written (JSON has no such value)`;
    if (a === null || typeof a !== 'object') {
      if (a !== b) return differs;
      continue;
    }
    if (b === null || typeof b !== 'object' || Array.isArray(a) !== Array.isArray(b)) return differs;
    if (!Array.isArray(a) && Object.getPrototypeOf(a) !== Object.prototype && Object.getPrototypeOf(a) !== null)
      return differs;
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return differs;
    for (const key of keysA) {
      if (!Object.hasOwn(b, key)) return differs;
      stack.push({
        a: (a as Record<string, unknown>)[key],
        b: (b as Record<string, unknown>)[key],
        path: [...path, key],
      });
    }
  }
  return null;
}

/** The dotted path of the first string inside `value` that looks like a sealed secret, or null. */
export function sealedValuePath(field: string, value: unknown): string | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [field] }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      if (item.value.startsWith(SEALED_PREFIX)) return describeWhere(item.path);
    } else if (item.value !== null && typeof item.value === 'object') {
      for (const [key, child] of Object.entries(item.value)) stack.push({ value: child, path: [...item.path, key] });
    }
  }
  return null;
}
