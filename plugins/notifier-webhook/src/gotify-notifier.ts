/**
 * Gotify (a self-hosted push server): POST <server>/message?token=<application token> with a
 * title, a message and a priority. Failures go out at a higher priority than the rest.
 */
import {
  requestService,
  serviceHost,
  type Notification,
  type Notifier,
  type NotifierStatus,
  type PluginSetup,
} from '@spindle/plugin-sdk';
import { bodyText, headline, shareable } from './message-text.ts';
import { wants, type NotifierSettings } from './notifier-settings.ts';
import { USER_AGENT } from './webhook-notifier.ts';

/** Gotify priorities run 0–10; its apps show 8 and above as urgent. */
const FAILURE_PRIORITY = 8;

export function gotifyPayload(n: Notification, priority: number) {
  return {
    title: headline(n),
    message: bodyText(n),
    priority: n.event === 'job_failed' ? Math.max(priority, FAILURE_PRIORITY) : priority,
  };
}

/** The server's message endpoint with the application token as the `token` query parameter. */
export function gotifyMessageUrl(server: string, token: string): string {
  const url = new URL(server.trim().replace(/\/+$/, '') + '/message');
  url.searchParams.set('token', token);
  return url.toString();
}

export class GotifyNotifier implements Notifier {
  constructor(private readonly setup: PluginSetup<NotifierSettings>) {}

  status(): NotifierStatus {
    const s = this.setup.settings;
    const server = s.gotify_url.trim();
    const configured = server !== '' && s.gotify_token.trim() !== '' && serviceHost(server) !== null;
    return { configured, target: configured ? serviceHost(server) : null };
  }

  async send(notification: Notification, signal: AbortSignal): Promise<void> {
    const s = this.setup.settings;
    const server = s.gotify_url.trim();
    const token = s.gotify_token.trim();
    if (!server || !token || !wants(s, notification.event)) return;
    let url: string;
    try {
      url = gotifyMessageUrl(server, token);
    } catch {
      url = server; // not a URL: requestService says so without repeating it
    }
    await requestService(this.setup.http, url, {
      service: 'Gotify',
      authHint: 'the application token is wrong or was deleted',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
      body: JSON.stringify(gotifyPayload(shareable(notification, s.include_paths), s.gotify_priority)),
      timeoutMs: s.timeout_seconds * 1000,
      signal,
    });
  }
}
