/** ntfy (ntfy.sh or a self-hosted server): JSON publishing to the server root, optional access token. */
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

const TAGS: Record<Notification['event'], string> = {
  job_completed: 'white_check_mark',
  job_failed: 'x',
  review_needed: 'eyes',
  test: 'bell',
};
/** ntfy priorities: 3 default, 4 high. */
const PRIORITY: Record<Notification['event'], number> = { job_completed: 3, job_failed: 4, review_needed: 3, test: 3 };

export function ntfyPayload(topic: string, n: Notification) {
  return { topic, title: headline(n), message: bodyText(n), tags: [TAGS[n.event]], priority: PRIORITY[n.event] };
}

export class NtfyNotifier implements Notifier {
  constructor(private readonly setup: PluginSetup<NotifierSettings>) {}

  status(): NotifierStatus {
    const s = this.setup.settings;
    const configured = s.ntfy_topic.trim() !== '' && s.ntfy_server.trim() !== '';
    return { configured, target: configured ? serviceHost(s.ntfy_server.trim()) : null };
  }

  async send(notification: Notification, signal: AbortSignal): Promise<void> {
    const s = this.setup.settings;
    const topic = s.ntfy_topic.trim();
    if (!topic || !wants(s, notification.event)) return;
    const token = s.ntfy_token.trim();
    await requestService(this.setup.http, s.ntfy_server.trim().replace(/\/+$/, '') + '/', {
      service: 'ntfy',
      authHint: 'check the access token',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(ntfyPayload(topic, shareable(notification, s.include_paths))),
      timeoutMs: s.timeout_seconds * 1000,
      signal,
    });
  }
}
