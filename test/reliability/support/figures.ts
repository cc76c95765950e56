/**
 * The reliability figures (states killed, faults injected, fuzz cases, secret hits, peak RSS):
 * each test file records its part in test-artifacts/reliability/<part>.json and prints it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = fileURLToPath(new URL('../../../test-artifacts/reliability/', import.meta.url));

export function recordFigures(part: string, figures: Record<string, unknown>): void {
  mkdirSync(DIR, { recursive: true });
  writeFileSync(
    join(DIR, `${part}.json`),
    `${JSON.stringify({ part, at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  console.log(`reliability figures (${part}): ${JSON.stringify(figures)}`);
}
