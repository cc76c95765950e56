/** Runs the fingerprint server as a real child process (as `npm run start` does) and reports its URL. */
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { spawnListening } from './child-listening.ts';

const require = createRequire(import.meta.url);
const TSX_CLI = require.resolve('tsx/cli');
export const SERVER_MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface FingerprintServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The start-up bound is generous: a cold start compiles the server through tsx, which takes many
 * seconds on a busy machine (CI runs the suite beside a CPU hog). A server that never listens is
 * killed, not left behind.
 */
export async function spawnFingerprintServer(
  env: Record<string, string>,
  timeoutMs = 120_000,
): Promise<FingerprintServerProcess> {
  const { child, url, output, exited } = await spawnListening(
    [TSX_CLI, SERVER_MAIN],
    env,
    'fingerprint server',
    timeoutMs,
  );
  return {
    child,
    url,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
