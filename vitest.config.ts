import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'plugin-sdk/test/**/*.test.ts',
      'core/test/**/*.test.ts',
      'core/http-kit/test/**/*.test.ts',
      'plugins/*/test/**/*.test.ts',
      'test/**/*.test.ts',
      'fingerprint-server/test/**/*.test.ts',
      'ui/test/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', 'test/fixtures/**'],
    setupFiles: ['test/support/vitest-setup.ts'],
    // Bounds for a stuck test, not speed checks: they hold on a machine twice as slow and busy
    // (npm run test:under-load); speed targets are the bench:* scripts.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a page or a service: its 1 s default is a wall-clock margin a busy machine misses.
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    // At least two test files at a time, also on a 2-core machine (vitest's default there is one):
    // most files spend much of their time waiting on a child process, a browser or a socket, and a
    // second file fills that time. On more cores, vitest's own default (cores − 1).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
