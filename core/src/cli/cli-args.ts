/** Parses `spindle <command>` arguments: positionals, `--name value`, `--name=value` and boolean flags. */
import { usageError } from './exit-codes.ts';

export interface ParsedArgs {
  positionals: string[];
  options: Record<string, string>;
  flags: Set<string>;
}

export interface ArgSpec {
  /** Options that take a value. */
  options?: readonly string[];
  /** Options that are on or off. */
  flags?: readonly string[];
}

/** Every client command accepts these. */
export const COMMON: Required<ArgSpec> = { options: ['url', 'token'], flags: ['help'] };

export function parseArgs(argv: readonly string[], spec: ArgSpec): ParsedArgs {
  const options = new Set([...(spec.options ?? []), ...COMMON.options]);
  const flags = new Set([...(spec.flags ?? []), ...COMMON.flags]);
  const parsed: ParsedArgs = { positionals: [], options: {}, flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      parsed.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h') {
      parsed.flags.add('help');
      continue;
    }
    if (!arg.startsWith('--')) {
      parsed.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (flags.has(name)) {
      if (eq >= 0) throw usageError(`--${name} takes no value`);
      parsed.flags.add(name);
    } else if (options.has(name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || value === '') throw usageError(`--${name} needs a value`);
      parsed.options[name] = value;
    } else {
      throw usageError(`Unknown option --${name}`);
    }
  }
  return parsed;
}

/** A positive whole number (a job id, a season), or a usage error naming what it is. */
export function wholeNumber(text: string | undefined, what: string, min = 1): number {
  if (text === undefined || !/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw usageError(
      `${what} must be a whole number${min > 0 ? ` of at least ${min}` : ''}${text === undefined ? '' : `, got "${text}"`}`,
    );
  }
  return Number(text);
}
