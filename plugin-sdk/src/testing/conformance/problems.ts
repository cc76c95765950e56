/** A small collector of shape problems, so validators read as a list of rules. */
export class Problems {
  readonly list: string[] = [];

  add(message: string): void {
    this.list.push(message);
  }

  object(path: string, value: unknown): value is Record<string, unknown> {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return true;
    this.add(`${path} must be an object, got ${describe(value)}`);
    return false;
  }

  array(path: string, value: unknown): value is unknown[] {
    if (Array.isArray(value)) return true;
    this.add(`${path} must be an array, got ${describe(value)}`);
    return false;
  }

  boolean(path: string, value: unknown): void {
    if (typeof value !== 'boolean') this.add(`${path} must be a boolean, got ${describe(value)}`);
  }

  string(path: string, value: unknown, rules: { nullable?: boolean; nonEmpty?: boolean; pattern?: RegExp } = {}): void {
    if (value === null && rules.nullable) return;
    if (typeof value !== 'string') {
      this.add(`${path} must be a string${rules.nullable ? ' or null' : ''}, got ${describe(value)}`);
    } else if (rules.nonEmpty && value.trim() === '') {
      this.add(`${path} must not be empty`);
    } else if (rules.pattern && !rules.pattern.test(value)) {
      this.add(`${path} "${value}" does not match ${rules.pattern}`);
    }
  }

  optionalString(path: string, value: unknown): void {
    if (value !== undefined) this.string(path, value);
  }

  number(
    path: string,
    value: unknown,
    rules: { nullable?: boolean; integer?: boolean; min?: number; max?: number } = {},
  ): void {
    if (value === null && rules.nullable) return;
    const kind = rules.integer ? 'an integer' : 'a finite number';
    if (typeof value !== 'number' || !Number.isFinite(value) || (rules.integer && !Number.isInteger(value))) {
      this.add(`${path} must be ${kind}${rules.nullable ? ' or null' : ''}, got ${describe(value)}`);
      return;
    }
    if (rules.min !== undefined && value < rules.min) this.add(`${path} is ${value}, below the minimum ${rules.min}`);
    if (rules.max !== undefined && value > rules.max) this.add(`${path} is ${value}, above the maximum ${rules.max}`);
  }

  /** A 0.0–1.0 value (confidence, score, fraction). */
  unit(path: string, value: unknown): void {
    this.number(path, value, { min: 0, max: 1 });
  }

  oneOf<T extends string>(
    path: string,
    value: unknown,
    allowed: readonly T[],
    rules: { nullable?: boolean } = {},
  ): void {
    if (value === null && rules.nullable) return;
    if (!allowed.includes(value as T)) this.add(`${path} must be one of ${allowed.join(', ')}, got ${describe(value)}`);
  }
}

function describe(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    const text = JSON.stringify(value);
    return text.length > 80 ? `${text.slice(0, 77)}...` : text;
  } catch {
    return String(value);
  }
}
