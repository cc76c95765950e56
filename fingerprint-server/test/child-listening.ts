/**
 * Starting a server as a real Node child process (on 127.0.0.1, port 0) and waiting for it to say
 * where it listens: its stdout and stderr are collected, and the URL of its first
 * `listening on http://…` line ends the wait. A child that exits first rejects at once; one that
 * never listens within the bound is killed and rejects. Both messages name the server and carry
 * its output. (The root tests' service process starts through this too.)
 */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ListeningChild {
  child: ChildProcess;
  url: string;
  /** Everything the child has printed so far (stdout and stderr, in arrival order). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function spawnListening(
  nodeArgs: string[],
  env: Record<string, string>,
  what: string,
  timeoutMs: number,
): Promise<ListeningChild> {
  const child = spawn(process.execPath, nodeArgs, {
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${output}`));
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
      reject(new Error(`${what} exited before listening:\n${output}`));
    });
  });
  return { child, url, output: () => output, exited };
}
