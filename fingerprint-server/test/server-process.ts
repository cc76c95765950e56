/** Runs the fingerprint server as a real child process (as `npm run start` does) and reports its URL. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

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
  const child = spawn(process.execPath, [TSX_CLI, SERVER_MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`fingerprint server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`fingerprint server exited before listening:\n${output}`));
    });
  });
  return {
    child,
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
