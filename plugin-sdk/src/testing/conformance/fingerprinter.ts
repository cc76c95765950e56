/** Conformance checks for a Fingerprinter provider: window shape, 32-bit items, abort, error codes. */
import type { Fingerprinter, FingerprintRequest } from '../../providers/fingerprinter.ts';
import { assertNoProblems, abortExpectation, fail, invoke, invokeMayFail, type ConformanceCheck } from './check.ts';

export interface FingerprinterConformanceOptions {
  create: () => Fingerprinter | Promise<Fingerprinter>;
  /** A readable audio (or video) file at least `windowStarts.at(-1) + windowSeconds` long. */
  filePath: () => string | Promise<string>;
  windowStarts?: number[];
  windowSeconds?: number;
  abortWithinMs?: number;
}

/** Problems with a fingerprinter's answer to a request. */
export function fingerprintWindowProblems(request: Omit<FingerprintRequest, 'signal'>, windows: unknown): string[] {
  if (!Array.isArray(windows)) return ['the answer is not an array of windows'];
  const problems: string[] = [];
  if (windows.length !== request.windowStarts.length)
    problems.push(`${windows.length} window(s) for ${request.windowStarts.length} requested start(s)`);
  windows.forEach((w: { startSeconds?: unknown; items?: unknown }, i) => {
    if (w?.startSeconds !== request.windowStarts[i])
      problems.push(
        `window #${i + 1}: startSeconds ${String(w?.startSeconds)} is not the requested ${request.windowStarts[i]}`,
      );
    if (!Array.isArray(w?.items) || w.items.length === 0) return problems.push(`window #${i + 1}: no items`);
    const bad = w.items.find((x: unknown) => !Number.isInteger(x) || (x as number) < 0 || (x as number) > 0xffffffff);
    if (bad !== undefined) problems.push(`window #${i + 1}: item ${String(bad)} is not a 32-bit unsigned integer`);
  });
  return problems;
}

export function fingerprinterConformance(options: FingerprinterConformanceOptions): ConformanceCheck[] {
  const windowStarts = options.windowStarts ?? [0, 30];
  const windowSeconds = options.windowSeconds ?? 30;
  const expectAbort = abortExpectation(options);
  return [
    {
      name: 'fingerprinter: one window of 32-bit items per requested start',
      async run() {
        const fingerprinter = await invoke('create()', options.create);
        const filePath = await options.filePath();
        const request = { filePath, windowStarts, windowSeconds };
        const windows = await invoke('fingerprint()', () =>
          fingerprinter.fingerprint({ ...request, signal: new AbortController().signal }),
        );
        assertNoProblems('fingerprint() result', fingerprintWindowProblems(request, windows));
      },
    },
    {
      name: 'fingerprinter: a missing file fails with a coded error',
      async run() {
        const fingerprinter = await invoke('create()', options.create);
        const outcome = await invokeMayFail('fingerprint() of a missing file', () =>
          fingerprinter.fingerprint({
            filePath: '/nonexistent/spindle-missing.mkv',
            windowStarts,
            windowSeconds,
            signal: new AbortController().signal,
          }),
        );
        if (outcome.ok) fail('fingerprint() of a missing file resolved; it must reject with a coded SpindleError');
      },
    },
    {
      name: 'fingerprinter: an aborted signal rejects quickly with a coded error',
      async run() {
        const fingerprinter = await invoke('create()', options.create);
        const filePath = await options.filePath();
        const controller = new AbortController();
        controller.abort();
        await expectAbort('fingerprint()', () =>
          fingerprinter.fingerprint({ filePath, windowStarts, windowSeconds, signal: controller.signal }),
        );
      },
    },
  ];
}
