/**
 * Conformance suites for the engine providers — transcriber, AI — and for any notifier (not only
 * HTTP ones: notifierConformance in http-destination.ts covers those against a recording server).
 */
import type { AiProvider, AiRequest } from '../../providers/ai.ts';
import type { Notifier } from '../../providers/notifier.ts';
import type { Transcriber, TranscribeRequest } from '../../providers/transcriber.ts';
import {
  assertNoProblems,
  abortExpectation,
  fail,
  invoke,
  invokeMayFail,
  withoutChanging,
  type ConformanceCheck,
} from './check.ts';
import { sampleNotification } from './http-destination.ts';
import { destinationStatusProblems, jsonValueProblems, transcriptProblems } from './provider-shapes.ts';

type Create<T> = () => T | Promise<T>;

export interface TranscriberConformanceOptions {
  create: Create<Transcriber>;
  /** A 16 kHz mono WAV file with speech; when given, its transcript is checked. */
  wavPath?: () => string | Promise<string>;
  language?: string;
  abortWithinMs?: number;
}

export function transcriberConformance(options: TranscriberConformanceOptions): ConformanceCheck[] {
  const expectAbort = abortExpectation(options);
  const language = options.language ?? 'en';
  const checks: ConformanceCheck[] = [
    {
      name: 'transcriber: status() names the device, model and whether it is ready',
      async run() {
        const transcriber = await invoke('create()', options.create);
        const status = await invoke('status()', () => transcriber.status());
        if (status?.device !== 'cpu' && status?.device !== 'cuda')
          fail(`status().device ${String(status?.device)} is neither cpu nor cuda`);
        if (typeof status.model !== 'string' || typeof status.ready !== 'boolean')
          fail('status().model must be a string and status().ready a boolean');
        if (status.message !== null && typeof status.message !== 'string')
          fail('status().message is neither a string nor null');
      },
    },
    {
      name: 'transcriber: an aborted signal rejects quickly with a coded error',
      async run() {
        const transcriber = await invoke('create()', options.create);
        const controller = new AbortController();
        controller.abort();
        const wavPath = options.wavPath ? await options.wavPath() : '/nonexistent/spindle-conformance.wav';
        await expectAbort('transcribe()', () =>
          transcriber.transcribe({ wavPath, language, signal: controller.signal }),
        );
      },
    },
  ];
  const { wavPath } = options;
  if (wavPath) {
    checks.push({
      name: 'transcriber: a WAV file gives a well-formed transcript',
      async run() {
        const transcriber = await invoke('create()', options.create);
        const request: TranscribeRequest = { wavPath: await wavPath(), language, signal: new AbortController().signal };
        assertNoProblems(
          'transcribe() result',
          transcriptProblems(await invoke('transcribe()', () => transcriber.transcribe(request))),
        );
      },
    });
  } else {
    checks.push({
      name: 'transcriber: a missing file fails with a coded error, or a well-formed transcript',
      async run() {
        const transcriber = await invoke('create()', options.create);
        const outcome = await invokeMayFail('transcribe()', () =>
          transcriber.transcribe({
            wavPath: '/nonexistent/spindle-conformance.wav',
            language,
            signal: new AbortController().signal,
          }),
        );
        if (outcome.ok) assertNoProblems('transcribe() result', transcriptProblems(outcome.value));
      },
    });
  }
  return checks;
}

export interface AiConformanceOptions {
  create: Create<AiProvider>;
  /** A request the provider can answer (e.g. against a local server); its answer must be JSON. */
  request?: Omit<AiRequest, 'signal'>;
  abortWithinMs?: number;
}

const SAMPLE_AI_REQUEST: Omit<AiRequest, 'signal'> = {
  system: 'Answer with a JSON object.',
  user: 'Which movie is on a disc labelled GREAT_MOVIE?',
  schema: { type: 'object', properties: { title: { type: 'string' } } },
};

export function aiConformance(options: AiConformanceOptions): ConformanceCheck[] {
  const expectAbort = abortExpectation(options);
  const request = options.request ?? SAMPLE_AI_REQUEST;
  return [
    {
      name: 'ai: answers a JSON value (or fails with a coded error) and leaves the request unchanged',
      async run() {
        const ai = await invoke('create()', options.create);
        const full: AiRequest = { ...structuredClone(request), signal: new AbortController().signal };
        const outcome = await withoutChanging('completeJson()', full, async () =>
          options.request
            ? { ok: true as const, value: await invoke('completeJson()', () => ai.completeJson(full)) }
            : await invokeMayFail('completeJson()', () => ai.completeJson(full)),
        );
        if (outcome.ok) assertNoProblems('completeJson() answer', jsonValueProblems(outcome.value));
      },
    },
    {
      name: 'ai: an aborted signal rejects quickly with a coded error',
      async run() {
        const ai = await invoke('create()', options.create);
        const controller = new AbortController();
        controller.abort();
        await expectAbort('completeJson()', () => ai.completeJson({ ...request, signal: controller.signal }));
      },
    },
  ];
}

export interface NotifierContractOptions {
  create: Create<Notifier>;
  abortWithinMs?: number;
}

/** For any notifier (a file, a desktop notification, a chat service…): the contract without a destination server. */
export function notifierContractConformance(options: NotifierContractOptions): ConformanceCheck[] {
  const expectAbort = abortExpectation(options);
  return [
    {
      name: 'notifier: status() says whether it is configured and where it delivers',
      async run() {
        const notifier = await invoke('create()', options.create);
        assertNoProblems('status()', destinationStatusProblems(await invoke('status()', () => notifier.status())));
      },
    },
    {
      name: 'notifier: sends every event (or fails with a coded error) without changing the notification',
      async run() {
        const notifier = await invoke('create()', options.create);
        for (const event of ['job_completed', 'job_failed', 'review_needed', 'test'] as const) {
          const notification = { ...sampleNotification(), event };
          const outcome = await withoutChanging(`send(${event})`, notification, () =>
            invokeMayFail(`send(${event})`, () => notifier.send(notification, new AbortController().signal)),
          );
          if (outcome.ok && outcome.value !== undefined)
            fail(`send(${event}) resolved to a value; it must resolve to nothing`);
        }
      },
    },
    {
      name: 'notifier: an aborted signal rejects quickly with a coded error',
      async run() {
        const notifier = await invoke('create()', options.create);
        const controller = new AbortController();
        controller.abort();
        await expectAbort('send()', () => notifier.send(sampleNotification(), controller.signal));
      },
    },
  ];
}
