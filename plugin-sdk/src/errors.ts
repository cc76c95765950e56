/**
 * Errors that mean business outcomes. Every error a plugin throws on purpose should be a
 * SpindleError (or a subclass): it carries a stable code, one of the spec's categories, whether a
 * retry may help, and the underlying cause. The core maps `kind` to an HTTP status and stores
 * `message` as a failed job's error text.
 */
export const ERROR_CATEGORIES = [
  'ripper',
  'matching',
  'configuration',
  'organization',
  'subtitle',
  'database',
  'identification',
  'input',
  'internal',
] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

/** What kind of outcome the error is; decides the HTTP status when it reaches the API. */
export type ErrorKind = 'invalid_input' | 'not_found' | 'conflict' | 'forbidden' | 'failure';

export interface SpindleErrorOptions {
  category?: ErrorCategory;
  kind?: ErrorKind;
  retryable?: boolean;
  cause?: unknown;
  /** Extra structured facts for logs and the UI; never put secrets here. */
  details?: Record<string, unknown>;
}

export class SpindleError extends Error {
  readonly code: string;
  readonly category: ErrorCategory;
  readonly kind: ErrorKind;
  readonly retryable: boolean;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: string, message: string, options: SpindleErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.category = options.category ?? 'internal';
    this.kind = options.kind ?? 'failure';
    this.retryable = options.retryable ?? false;
    this.details = options.details;
  }

  /** Recognises SpindleErrors across package copies (instanceof fails when two SDK copies load). */
  static is(value: unknown): value is SpindleError {
    return (
      value instanceof SpindleError ||
      (typeof value === 'object' &&
        value !== null &&
        typeof (value as { code?: unknown }).code === 'string' &&
        typeof (value as { category?: unknown }).category === 'string' &&
        typeof (value as { kind?: unknown }).kind === 'string' &&
        value instanceof Error)
    );
  }
}

type CategoryOptions = Omit<SpindleErrorOptions, 'category'>;

export class InputError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'input', kind: 'invalid_input' });
  }
}
export class NotFoundError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'input', kind: 'not_found' });
  }
}
export class ConflictError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'input', kind: 'conflict' });
  }
}
export class ForbiddenError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'input', kind: 'forbidden' });
  }
}
export class RipperError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'ripper' });
  }
}
export class MatchingError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'matching' });
  }
}
export class ConfigurationError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'configuration' });
  }
}
export class OrganizationError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'organization' });
  }
}
export class SubtitleError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'subtitle' });
  }
}
export class DatabaseError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'database' });
  }
}
export class IdentificationError extends SpindleError {
  constructor(code: string, message: string, options: CategoryOptions = {}) {
    super(code, message, { ...options, category: 'identification' });
  }
}

/** Thrown (or rethrown) when a stage stops because its abort signal fired. */
export class AbortedError extends SpindleError {
  constructor(message = 'Operation aborted', options: CategoryOptions = {}) {
    super('aborted', message, { ...options, category: 'internal' });
  }
}

/** Throws AbortedError when the signal has fired; call it between units of work. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw abortedError(signal);
}

/**
 * Resolves like `work`, but rejects with AbortedError as soon as the signal fires (at once when it
 * already has). For calls that take no signal themselves, e.g. a provider's lookups: the work is
 * not cancelled, the stage just stops waiting for it.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    work.catch(() => undefined);
    return Promise.reject(abortedError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortedError(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The AbortedError for a fired signal: its reason's message, the reason as the cause. */
export function abortedError(signal: AbortSignal): AbortedError {
  const reason: unknown = signal.reason;
  return new AbortedError(reason instanceof Error ? reason.message : 'Operation aborted', { cause: reason });
}

/**
 * The message of anything thrown: an Error's message (a SpindleError from another copy of the SDK
 * included), else its string form.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error || SpindleError.is(error) ? error.message : String(error);
}
