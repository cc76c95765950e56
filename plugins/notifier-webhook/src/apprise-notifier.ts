/**
 * An Apprise API server (which relays to e-mail, Pushover, Telegram, Gotify, Matrix and many
 * more): POST <server>/notify/<key> with a stored configuration's key, or POST <server>/notify/
 * with the Apprise URLs to send to. The body is Apprise's JSON: title, body, type, optional tag.
 */
import { serviceHost, type Notification, type NotifierStatus } from '@spindle/plugin-sdk';
import { bodyText, headline } from './message-text.ts';
import { JsonNotifier, type JsonPost } from './json-notifier.ts';
import type { NotifierSettings } from './notifier-settings.ts';

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

export class AppriseNotifier extends JsonNotifier {
  private ready(): boolean {
    const s = this.setup.settings;
    return s.apprise_url.trim() !== '' && (s.apprise_key.trim() !== '' || appriseUrls(s.apprise_urls) !== '');
  }

  status(): NotifierStatus {
    const ready = this.ready();
    return { configured: ready, target: ready ? serviceHost(this.setup.settings.apprise_url.trim()) : null };
  }

  protected request(n: Notification, s: NotifierSettings): JsonPost | null {
    if (!this.ready()) return null;
    return {
      url: appriseEndpoint(s.apprise_url, s.apprise_key),
      service: 'Apprise',
      authHint: 'the Apprise server refused the request; check its access settings',
      headers: { accept: 'application/json' },
      body: apprisePayload(n, s),
    };
  }
}
