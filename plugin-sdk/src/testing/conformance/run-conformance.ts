/** Registers checks with any describe/it test runner, or runs them directly. */
import { describeError, type ConformanceCheck } from './check.ts';

/** The part of vitest, jest or node:test that runConformance needs. */
export interface TestRegistrar {
  describe(name: string, body: () => void): unknown;
  it(name: string, body: () => Promise<void>): unknown;
}

/** Registers one test per check inside a describe block. */
export function runConformance(
  checks: readonly ConformanceCheck[],
  runner: TestRegistrar,
  title = 'Spindle conformance',
): void {
  runner.describe(title, () => {
    for (const check of checks) runner.it(check.name, () => check.run());
  });
}

export interface ConformanceFailureReport {
  name: string;
  error: unknown;
}

/** Thrown by assertConformance: lists every check that failed and why. */
export class ConformanceError extends Error {
  readonly failures: readonly ConformanceFailureReport[];

  constructor(failures: ConformanceFailureReport[], total: number) {
    const lines = failures.map((f) => `  ✗ ${f.name}\n      ${describeError(f.error).replaceAll('\n', '\n      ')}`);
    super(`${failures.length} of ${total} conformance checks failed:\n${lines.join('\n')}`);
    this.name = 'ConformanceError';
    this.failures = failures;
  }
}

/** Runs every check in order; throws a ConformanceError listing the failures. Returns the passed names. */
export async function assertConformance(checks: readonly ConformanceCheck[]): Promise<string[]> {
  const failures: ConformanceFailureReport[] = [];
  const passed: string[] = [];
  for (const check of checks) {
    try {
      await check.run();
      passed.push(check.name);
    } catch (error) {
      failures.push({ name: check.name, error });
    }
  }
  if (failures.length > 0) throw new ConformanceError(failures, checks.length);
  return passed;
}
