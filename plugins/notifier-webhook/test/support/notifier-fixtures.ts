/**
 * What the notifier tests share: a notification as the host sends it (a job needing review, with a
 * damaged file's full path and library paths), a notifier of this plugin made with given settings
 * through the SDK's fake setup, and sending with a fresh signal.
 */
import type { Notification, Notifier } from '@spindle/plugin-sdk';
import {
  createFakeSetup,
  readManifest,
  startRecordingServer,
  type FakeSetup,
  type RecordingHttpServer,
} from '@spindle/plugin-sdk/testing';
import { afterAll, afterEach, beforeAll } from 'vitest';
import plugin from '../../src/index.ts';
import type { NotifierSettings } from '../../src/notifier-settings.ts';

/** Stands for every credential: it must never show up in a request it does not belong in, nor in an error. */
export const TOKEN = 'tok-9f8e7d6c5b4a';
const manifest = readManifest(new URL('../../package.json', import.meta.url));
const setups: FakeSetup<NotifierSettings>[] = [];

export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    event: 'review_needed',
    at: '2026-01-02T03:04:05.000Z',
    jobId: 12,
    state: 'review_needed',
    label: 'MY_SHOW_S1_D1',
    contentType: 'tv',
    title: 'My Show',
    season: 1,
    counts: { titles: 3, completed: 0, failed: 0, review: 2 },
    reason: '2 title(s) could not be matched; /srv/staging/MY_SHOW_S1_D1/title_t01.mkv is damaged',
    summary: 'Job 12 needs review: My Show, season 1',
    paths: { library: '/srv/media/TV/My Show', files: ['/srv/media/TV/My Show/Season 01/My Show - S01E01.mkv'] },
    ...overrides,
  };
}

/** A job that completed every one of its `titles` titles (no reason, nothing failed or in review). */
export function jobCompleted(titles: number, overrides: Partial<Notification> = {}): Notification {
  return notification({
    event: 'job_completed',
    state: 'completed',
    reason: null,
    counts: { titles, completed: titles, failed: 0, review: 0 },
    ...overrides,
  });
}

export async function notifier(
  id: 'webhook' | 'ntfy' | 'discord' | 'gotify' | 'apprise',
  settings: Record<string, unknown>,
): Promise<Notifier> {
  const setup = await createFakeSetup<NotifierSettings>({ manifest, settings: settings as Partial<NotifierSettings> });
  setups.push(setup);
  return plugin.definition.providers!.notifier![id]!(setup) as Notifier;
}

export const send = (n: Notifier, note = notification()) => n.send(note, new AbortController().signal);

/** Disposes every fake setup notifier() made. */
export async function disposeNotifiers(): Promise<void> {
  for (const s of setups) await s.dispose();
  setups.length = 0;
}

/**
 * A local server that records what the notifiers send, for the whole file: emptied and answering 200
 * again after each test, closed (with every notifier disposed) after the last one.
 */
export function useRecordingServer(): () => RecordingHttpServer {
  let server: RecordingHttpServer | undefined;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterEach(() => {
    server!.requests.length = 0;
    server!.replySequence([], 200);
  });
  afterAll(async () => {
    await server?.close();
    await disposeNotifiers();
  });
  return () => server!;
}
