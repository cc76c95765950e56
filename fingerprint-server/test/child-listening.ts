/**
 * Waiting for a server started as a child process to say where it listens: its stdout and stderr
 * are collected, and the URL of its first `listening on http://…` line resolves the wait. A child
 * that exits first rejects at once; one that never listens within the bound is killed and rejects.
 * Both messages name the server and carry its output. (The root tests' service process uses it too.)
 */
import type { ChildProcess } from 'node:child_process';

export interface ListeningChild {
  url: Promise<string>;
  /** Everything the child has printed so far (stdout and stderr, in arrival order). */
  output: () => string;
}

export function waitForListening(child: ChildProcess, what: string, timeoutMs: number): ListeningChild {
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
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
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`${what} exited before listening:\n${output}`));
    });
  });
  return { url, output: () => output };
}
