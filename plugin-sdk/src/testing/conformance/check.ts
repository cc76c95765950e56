/** The pieces every conformance suite is built from. */
import type { JsonObject, ProgressUpdate } from '../../context.ts';
import { SpindleError } from '../../errors.ts';
import { createFakeContext, type FakeContext, type FakeContextOptions } from '../fake-context.ts';

/** One named check; `run` rejects when the implementation does not conform. */
export interface ConformanceCheck {
  name: string;
  run(): Promise<void>;
}

/** Thrown by a check: says what the implementation did wrong. */
export class ConformanceFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConformanceFailure';
  }
}

export function fail(message: string, cause?: unknown): never {
  throw new ConformanceFailure(message, cause === undefined ? undefined : { cause });
}

/** Throws listing the problems a validator found, if any. */
export function assertNoProblems(what: string, problems: readonly string[]): void {
  if (problems.length > 0) fail(`${what} is malformed:\n  - ${problems.join('\n  - ')}`);
}

export function describeError(error: unknown): string {
  if (SpindleError.is(error)) return `${error.name} [${error.code}]: ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** Explains why a thrown value is not acceptable (null when it is a coded SpindleError). */
export function uncodedErrorProblem(what: string, error: unknown): string | null {
  if (SpindleError.is(error)) {
    return error.code.trim() === '' ? `${what} threw a SpindleError with an empty code` : null;
  }
  return (
    `${what} threw ${describeError(error)} — every error a stage throws must be a coded SpindleError ` +
    '(e.g. new RipperError("folder_not_found", "…"))'
  );
}

/** Calls a stage method that is expected to succeed; any throw fails the check with a clear reason. */
export async function invoke<T>(what: string, call: () => Promise<T> | T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    fail(uncodedErrorProblem(what, error) ?? `${what} failed unexpectedly: ${describeError(error)}`, error);
  }
}

/** Calls a stage method that may fail; a failure must be a coded SpindleError. */
export async function invokeMayFail<T>(
  what: string,
  call: () => Promise<T> | T,
): Promise<{ ok: true; value: T } | { ok: false; error: SpindleError }> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    const problem = uncodedErrorProblem(what, error);
    if (problem) fail(problem, error);
    return { ok: false, error: error as SpindleError };
  }
}

type Settled<T> = { state: 'fulfilled'; value: T } | { state: 'rejected'; error: unknown } | { state: 'pending' };

/** Waits for a promise, but no longer than `ms`. */
export async function settleWithin<T>(promise: Promise<T>, ms: number): Promise<Settled<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<Settled<T>>((resolve) => {
    timer = setTimeout(() => resolve({ state: 'pending' }), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        (value): Settled<T> => ({ state: 'fulfilled', value }),
        (error: unknown): Settled<T> => ({ state: 'rejected', error }),
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Asserts that a call made with an already-aborted signal rejects quickly with a coded error. */
export async function expectAbortRejection(
  what: string,
  call: () => Promise<unknown>,
  withinMs: number,
): Promise<void> {
  let promise: Promise<unknown>;
  try {
    promise = Promise.resolve(call());
  } catch (error) {
    promise = Promise.reject(error);
  }
  const outcome = await settleWithin(promise, withinMs);
  if (outcome.state === 'pending')
    fail(`${what} did not settle within ${withinMs} ms although the signal was already aborted`);
  if (outcome.state === 'fulfilled') {
    fail(
      `${what} resolved although the signal was already aborted; it must reject (call throwIfAborted(ctx.signal) first)`,
    );
  }
  const problem = uncodedErrorProblem(what, outcome.error);
  if (problem) fail(problem, outcome.error);
}

/** Validates recorded progress updates: fractions finite and within 0–1, speed and ETA not negative. */
export function progressProblems(updates: readonly ProgressUpdate[]): string[] {
  const problems: string[] = [];
  updates.forEach((u, i) => {
    const at = `progress update #${i + 1}`;
    if (typeof u.fraction !== 'number' || !Number.isFinite(u.fraction) || u.fraction < 0 || u.fraction > 1) {
      problems.push(`${at}: fraction ${String(u.fraction)} is outside 0–1`);
    }
    if (u.speed != null && (!Number.isFinite(u.speed) || u.speed < 0))
      problems.push(`${at}: speed ${u.speed} is negative or not finite`);
    if (u.etaSeconds != null && (!Number.isFinite(u.etaSeconds) || u.etaSeconds < 0)) {
      problems.push(`${at}: etaSeconds ${u.etaSeconds} is negative or not finite`);
    }
    if (u.currentTitle != null && (!Number.isInteger(u.currentTitle) || u.currentTitle < 0)) {
      problems.push(`${at}: currentTitle ${u.currentTitle} is not a title index`);
    }
  });
  return problems;
}

export function assertProgress(what: string, ctx: FakeContext<unknown>): void {
  assertNoProblems(`${what}'s progress`, progressProblems(ctx.progress.updates));
}

/** Runs `fn` with a fresh fake context that is always disposed. */
export async function withContext<T>(
  options: FakeContextOptions<JsonObject> | undefined,
  fn: (ctx: FakeContext) => Promise<T>,
): Promise<T> {
  const ctx = await createFakeContext(options);
  try {
    return await fn(ctx);
  } finally {
    await ctx.dispose();
  }
}

/** A JSON snapshot, to prove a stage did not mutate its input. */
export function snapshot(value: unknown): string {
  return JSON.stringify(value);
}

/** Runs a call that must only read `value` and fails when the value changed; returns the call's result. */
export async function withoutChanging<T>(what: string, value: unknown, call: () => Promise<T>): Promise<T> {
  const before = snapshot(value);
  const result = await call();
  assertUnchanged(what, before, value);
  return result;
}

export function assertUnchanged(what: string, before: string, value: unknown): void {
  if (snapshot(value) !== before) fail(`${what} mutated its input; stages must treat their input as read-only`);
}

export const DEFAULT_ABORT_WITHIN_MS = 2000;

/** `expectAbortRejection` bound to a suite's `abortWithinMs` option (default DEFAULT_ABORT_WITHIN_MS). */
export function abortExpectation(options: {
  abortWithinMs?: number;
}): (what: string, call: () => Promise<unknown>) => Promise<void> {
  const withinMs = options.abortWithinMs ?? DEFAULT_ABORT_WITHIN_MS;
  return (what, call) => expectAbortRejection(what, call, withinMs);
}
