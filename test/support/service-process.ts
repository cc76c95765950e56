/**
 * Runs `spindle serve` as a real child process (Node 24 + tsx's loader), as a user would, and reports the
 * URL it listens on. Used by the startup/shutdown test and the benchmarks.
 */
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnListening } from '../../fingerprint-server/test/child-listening.ts';

const require = createRequire(import.meta.url);
// Node with tsx's loader, in one process: `child` is the service itself, so a SIGKILL (crash tests)
// really kills it. (The tsx CLI would start Node as a second process and die alone.)
const TSX_LOADER = pathToFileURL(require.resolve('tsx/esm')).href;
const MAIN = fileURLToPath(new URL('../../core/src/cli/main.ts', import.meta.url));

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The start-up bound is generous (a busy machine compiles the service through tsx slowly); a service that never listens is killed. */
export async function spawnService(
  env: Record<string, string>,
  args: string[] = [],
  timeoutMs = 90_000,
): Promise<ServiceProcess> {
  const { child, url, output, exited } = await spawnListening(
    ['--import', TSX_LOADER, MAIN, 'serve', ...args],
    env,
    'service',
    timeoutMs,
  );
  return {
    child,
    url,
    output,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill(signal);
      return exited;
    },
  };
}
