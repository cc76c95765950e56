/**
 * Conformance checks for providers that deliver to a user's web service — notifiers and library
 * refreshers — against a local recording server: they reach it, say "not configured" without a
 * destination, name no token in errors, mark 5xx retryable and 4xx not, send no full path unless
 * allowed, and stop on abort.
 */
import type { Notification, Notifier } from '../../providers/notifier.ts';
import type { LibraryRefresher } from '../../providers/library-refresher.ts';
import { startRecordingServer, type RecordingHttpServer } from '../recording-http-server.ts';
import { abortExpectation, fail, invoke, invokeMayFail, type ConformanceCheck } from './check.ts';

/** A secret-looking path segment the checks put into the destination URL. */
export const CONFORMANCE_TOKEN = 'conformance-token-5e1c7a';
const PRIVATE_FOLDER = '/srv/spindle-conformance-private';

export interface HttpDestinationOptions<T> {
  /** Creates the provider configured to deliver to `url` (which holds a token in its path), or unconfigured when `url` is null. */
  create: (url: string | null) => T | Promise<T>;
  abortWithinMs?: number;
}

export function sampleNotification(): Notification {
  return {
    event: 'job_failed',
    at: '2026-01-01T00:00:00.000Z',
    jobId: 3,
    state: 'failed',
    label: 'SAMPLE_D1',
    contentType: 'tv',
    title: 'Sample Show',
    season: 1,
    counts: { titles: 2, completed: 0, failed: 2, review: 0 },
    reason: `cannot read ${PRIVATE_FOLDER}/SAMPLE_D1/title_t00.mkv`,
    summary: 'Job 3 failed: Sample Show, season 1',
    paths: { library: `${PRIVATE_FOLDER}/TV/Sample Show`, files: [] },
  };
}

async function withServer(run: (server: RecordingHttpServer, url: string) => Promise<void>): Promise<void> {
  const server = await startRecordingServer();
  try {
    await run(server, `${server.url}/hook/${CONFORMANCE_TOKEN}`);
  } finally {
    await server.close();
  }
}

function destinationChecks<T extends { status(): { configured: boolean; target: string | null } }>(
  kind: string,
  options: HttpDestinationOptions<T>,
  deliver: (provider: T, signal: AbortSignal) => Promise<unknown>,
): ConformanceCheck[] {
  const expectAbort = abortExpectation(options);
  return [
    {
      name: `${kind}: says it is not configured without a destination, and names only the host when it is`,
      async run() {
        const off = await invoke('create(null)', () => options.create(null));
        if (off.status().configured !== false) fail('status().configured must be false without a destination');
        await withServer(async (_server, url) => {
          const on = await invoke('create(url)', () => options.create(url));
          const status = on.status();
          if (status.configured !== true) fail('status().configured must be true with a destination');
          if (status.target?.includes(CONFORMANCE_TOKEN))
            fail(`status().target "${status.target}" contains the URL's token; give the host only`);
        });
      },
    },
    {
      name: `${kind}: reaches its destination`,
      async run() {
        await withServer(async (server, url) => {
          const provider = await invoke('create(url)', () => options.create(url));
          await invoke(`${kind} delivery`, () => deliver(provider, new AbortController().signal));
          if (server.requests.length === 0) fail(`the ${kind} resolved without sending anything to its destination`);
        });
      },
    },
    {
      name: `${kind}: 5xx is a retryable coded error, 4xx a final one, neither naming the token`,
      async run() {
        await withServer(async (server, url) => {
          const provider = await invoke('create(url)', () => options.create(url));
          for (const [status, retryable] of [
            [503, true],
            [400, false],
          ] as const) {
            server.replySequence([], status);
            const outcome = await invokeMayFail(`${kind} delivery answered HTTP ${status}`, () =>
              deliver(provider, new AbortController().signal),
            );
            if (outcome.ok) fail(`an HTTP ${status} answer must reject`);
            if (outcome.error.retryable !== retryable)
              fail(`an HTTP ${status} answer must reject with retryable: ${retryable}`);
            if (outcome.error.message.includes(CONFORMANCE_TOKEN))
              fail(`the error message names the URL's token: "${outcome.error.message}"`);
          }
        });
      },
    },
    {
      name: `${kind}: an aborted signal rejects quickly with a coded error`,
      async run() {
        await withServer(async (_server, url) => {
          const provider = await invoke('create(url)', () => options.create(url));
          const controller = new AbortController();
          controller.abort();
          await expectAbort(`${kind} delivery`, () => deliver(provider, controller.signal));
        });
      },
    },
  ];
}

/** Notifiers that deliver over HTTP. `create(url)` configures the notifier to send to `url` (default settings otherwise). */
export function notifierConformance(options: HttpDestinationOptions<Notifier>): ConformanceCheck[] {
  return [
    ...destinationChecks('notifier', options, (n, signal) => n.send(sampleNotification(), signal)),
    {
      name: 'notifier: sends no full path unless its user chose so',
      async run() {
        await withServer(async (server, url) => {
          const notifier = await invoke('create(url)', () => options.create(url));
          await invoke('send()', () => notifier.send(sampleNotification(), new AbortController().signal));
          const leaked = server.requests.find(
            (r) => r.body.includes(PRIVATE_FOLDER) || r.url.includes(encodeURIComponent(PRIVATE_FOLDER)),
          );
          if (leaked)
            fail(
              `the notification carried the full path ${PRIVATE_FOLDER}/…; shorten paths (stripPaths) unless the user chose to include them`,
            );
        });
      },
    },
  ];
}

/** Library refreshers that talk HTTP. `create(url)` configures the refresher for a server at `url`. */
export function libraryRefresherConformance(options: HttpDestinationOptions<LibraryRefresher>): ConformanceCheck[] {
  return destinationChecks('library refresher', options, async (r, signal) => {
    const result = await r.refresh({ paths: [`${PRIVATE_FOLDER}/TV/Sample Show`], contentType: 'tv', signal });
    if (typeof result?.detail !== 'string' || result.detail.trim() === '')
      fail('refresh() must answer { detail } saying what was asked for');
    if (result.detail.includes(CONFORMANCE_TOKEN)) fail(`refresh()'s detail names the URL's token: "${result.detail}"`);
  });
}
