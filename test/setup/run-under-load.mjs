#!/usr/bin/env node
/**
 * `npm run test:under-load [-- vitest arguments]`: the suite beside a CPU hog, as a busy CI
 * machine would run it. One busy-loop Node process per core spins for the whole run; then the
 * same command as `npm test`'s vitest step (`vitest run`, with any arguments given) runs. A test
 * that depends on a tight wall-clock margin fails here first.
 *
 * The hogs always end: killed when vitest exits, on Ctrl-C or SIGTERM, and each hog also stops on
 * its own once this script is gone (it checks its parent now and then), so even a SIGKILL of this
 * script leaves no busy loop behind.
 *
 * SPINDLE_HOGS=<n> sets the number of hogs (default: one per core).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

// vitest's own launcher (what the `vitest` command runs); its package does not export this path.
const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
if (!existsSync(VITEST)) {
  console.error(`under load: vitest is not installed at ${VITEST}; run npm ci first`);
  process.exit(2);
}

/**
 * A busy loop that gives up once its parent (this script, named by pid) is gone. The parent is read
 * from /proc/self/stat each time (Node caches process.ppid); elsewhere, whether the parent still answers.
 */
const HOG = `
const { readFileSync } = require('node:fs');
const parent = Number(process.argv[1]); // this script's pid: it may be gone before the hog even starts
const orphaned = () => {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== parent;
  } catch {
    try {
      process.kill(parent, 0);
      return false;
    } catch {
      return true;
    }
  }
};
let n = 0;
for (;;) {
  if (++n % 5e7 === 0 && orphaned()) process.exit(0);
}`;

const count = Number.parseInt(process.env.SPINDLE_HOGS ?? '', 10);
const hogs = Array.from({ length: Number.isInteger(count) && count >= 0 ? count : availableParallelism() }, () =>
  spawn(process.execPath, ['-e', HOG, String(process.pid)], { stdio: 'ignore' }),
);
console.log(`under load: ${hogs.length} busy-loop process(es) running (pids ${hogs.map((h) => h.pid).join(' ')})`);

function killHogs() {
  for (const hog of hogs) if (hog.exitCode === null && hog.signalCode === null) hog.kill('SIGKILL');
}
process.on('exit', killHogs);

const started = Date.now();
const vitest = spawn(process.execPath, [VITEST, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    vitest.kill(signal);
    killHogs();
  });
}
vitest.on('exit', async (code, signal) => {
  killHogs();
  await Promise.all(
    hogs.map((h) => (h.exitCode === null && h.signalCode === null ? new Promise((r) => h.once('exit', r)) : null)),
  );
  console.log(
    `under load: vitest ${signal ? `ended by ${signal}` : `exited ${code}`} after ${((Date.now() - started) / 1000).toFixed(1)} s; every busy loop stopped`,
  );
  process.exit(code ?? 1);
});
