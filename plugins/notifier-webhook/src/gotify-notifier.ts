/**
 * Gotify (a self-hosted push server): POST <server>/message?token=<application token> with a
 * title, a message and a priority. Failures go out at a higher priority than the rest.
 */
import { serviceHost, type Notification, type NotifierStatus } from '@spindle/plugin-sdk';
import { bodyText, headline } from './message-text.ts';
import { JsonNotifier, type JsonPost } from './json-notifier.ts';
import type { NotifierSettings } from './notifier-settings.ts';

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

export class GotifyNotifier extends JsonNotifier {
  status(): NotifierStatus {
    const s = this.setup.settings;
    const server = s.gotify_url.trim();
    const configured = server !== '' && s.gotify_token.trim() !== '' && serviceHost(server) !== null;
    return { configured, target: configured ? serviceHost(server) : null };
  }

  protected request(n: Notification, s: NotifierSettings): JsonPost | null {
    const server = s.gotify_url.trim();
    const token = s.gotify_token.trim();
    if (!server || !token) return null;
    let url: string;
    try {
      url = gotifyMessageUrl(server, token);
    } catch {
      url = server; // not a URL: requestService says so without repeating it
    }
    return {
      url,
      service: 'Gotify',
      authHint: 'the application token is wrong or was deleted',
      body: gotifyPayload(n, s.gotify_priority),
    };
  }
}
