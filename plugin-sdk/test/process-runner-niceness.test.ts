import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createChildProcessRunner } from '../src/runtime/child-process-runner.ts';

/** The nice value a process reads for itself once its input arrives (the runner writes input after it set the priority). */
const niceAfterInput = ['-c', 'read line; ps -o ni= -p $$'];

describe.skipIf(process.platform === 'win32')('ChildProcessRunnerOptions.niceness', () => {
  it('starts processes at the given nice value; without it they keep the host’s', async () => {
    const own = getPriority();
    const low = await createChildProcessRunner(new AbortController().signal, undefined, {
      niceness: Math.max(own, 7),
    }).run('sh', niceAfterInput, { input: 'go\n' });
    const plain = await createChildProcessRunner(new AbortController().signal).run('sh', niceAfterInput, {
      input: 'go\n',
    });
    expect(low.exitCode).toBe(0);
    expect(Number(low.stdout.trim())).toBe(Math.max(own, 7));
    expect(Number(plain.stdout.trim())).toBe(own);
  });
});
