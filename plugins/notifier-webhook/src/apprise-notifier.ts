/**
 * An Apprise API server (which relays to e-mail, Pushover, Telegram, Gotify, Matrix and many
 * more): POST <server>/notify/<key> with a stored configuration's key, or POST <server>/notify/
 * with the Apprise URLs to send to. The body is Apprise's JSON: title, body, type, optional tag.
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

/** Apprise's message types, which its services show as colours or icons. */
const TYPES: Record<Notification['event'], 'info' | 'success' | 'warning' | 'failure'> = {
  job_completed: 'success',
  job_failed: 'failure',
  review_needed: 'warning',
  test: 'info',
};

/** The Apprise URLs as one comma-separated list (Apprise accepts commas or spaces between them). */
export function appriseUrls(text: string): string {
  return text
    .split(/[\s,]+/)
    .map((u) => u.trim())
    .filter(Boolean)
    .join(',');
}

export function apprisePayload(
  n: Notification,
  settings: Pick<NotifierSettings, 'apprise_key' | 'apprise_urls' | 'apprise_tag'>,
) {
  const key = settings.apprise_key.trim();
  const tag = settings.apprise_tag.trim();
  return {
    ...(key ? {} : { urls: appriseUrls(settings.apprise_urls) }),
    title: headline(n),
    body: bodyText(n),
    type: TYPES[n.event],
    ...(key && tag ? { tag } : {}),
  };
}

/** `<server>/notify/<key>` (stateful) or `<server>/notify/` (stateless, URLs in the body). */
export function appriseEndpoint(server: string, key: string): string {
  const base = server.trim().replace(/\/+$/, '');
  return key.trim() ? `${base}/notify/${encodeURIComponent(key.trim())}` : `${base}/notify/`;
}

export class AppriseNotifier implements Notifier {
  constructor(private readonly setup: PluginSetup<NotifierSettings>) {}

  private ready(): boolean {
    const s = this.setup.settings;
    return s.apprise_url.trim() !== '' && (s.apprise_key.trim() !== '' || appriseUrls(s.apprise_urls) !== '');
  }

  status(): NotifierStatus {
    const ready = this.ready();
    return { configured: ready, target: ready ? serviceHost(this.setup.settings.apprise_url.trim()) : null };
  }

  async send(notification: Notification, signal: AbortSignal): Promise<void> {
    const s = this.setup.settings;
    if (!this.ready() || !wants(s, notification.event)) return;
    await requestService(this.setup.http, appriseEndpoint(s.apprise_url, s.apprise_key), {
      service: 'Apprise',
      authHint: 'the Apprise server refused the request; check its access settings',
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', 'user-agent': USER_AGENT },
      body: JSON.stringify(apprisePayload(shareable(notification, s.include_paths), s)),
      timeoutMs: s.timeout_seconds * 1000,
      signal,
    });
  }
}
