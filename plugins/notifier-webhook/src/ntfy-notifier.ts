/** ntfy (ntfy.sh or a self-hosted server): JSON publishing to the server root, optional access token. */
import { serviceHost, type Notification, type NotifierStatus } from '@spindle/plugin-sdk';
import { bodyText, headline } from './message-text.ts';
import { JsonNotifier, type JsonPost } from './json-notifier.ts';
import type { NotifierSettings } from './notifier-settings.ts';

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

export class NtfyNotifier extends JsonNotifier {
  status(): NotifierStatus {
    const s = this.setup.settings;
    const configured = s.ntfy_topic.trim() !== '' && s.ntfy_server.trim() !== '';
    return { configured, target: configured ? serviceHost(s.ntfy_server.trim()) : null };
  }

  protected request(n: Notification, s: NotifierSettings): JsonPost | null {
    const topic = s.ntfy_topic.trim();
    if (!topic) return null;
    const token = s.ntfy_token.trim();
    return {
      url: s.ntfy_server.trim().replace(/\/+$/, '') + '/',
      service: 'ntfy',
      authHint: 'check the access token',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: ntfyPayload(topic, n),
    };
  }
}
