/** The generic JSON webhook: one POST per notification with a flat, documented JSON body. */
import {
  requestService,
  serviceHost,
  type Notification,
  type Notifier,
  type NotifierStatus,
  type PluginSetup,
} from '@spindle/plugin-sdk';
import { shareable } from './message-text.ts';
import { wants, type NotifierSettings } from './notifier-settings.ts';

export const USER_AGENT = 'Spindle notifier';

/** The JSON body (snake_case; `paths` only when the user chose to include paths). */
export function webhookPayload(n: Notification, includePaths: boolean) {
  return {
    event: n.event,
    at: n.at,
    summary: n.summary,
    job: {
      id: n.jobId,
      state: n.state,
      label: n.label,
      content_type: n.contentType,
      title: n.title,
      season: n.season,
      titles: {
        total: n.counts.titles,
        completed: n.counts.completed,
        failed: n.counts.failed,
        review: n.counts.review,
      },
    },
    reason: n.reason,
    ...(includePaths ? { paths: { library: n.paths.library, files: n.paths.files } } : {}),
  };
}

export class WebhookNotifier implements Notifier {
  constructor(private readonly setup: PluginSetup<NotifierSettings>) {}

  status(): NotifierStatus {
    const url = this.setup.settings.webhook_url.trim();
    return { configured: url !== '', target: url ? serviceHost(url) : null };
  }

  async send(notification: Notification, signal: AbortSignal): Promise<void> {
    const s = this.setup.settings;
    const url = s.webhook_url.trim();
    if (!url || !wants(s, notification.event)) return;
    const auth = s.webhook_authorization.trim();
    await requestService(this.setup.http, url, {
      service: 'Webhook',
      authHint: 'check the Authorization header value',
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        ...(auth ? { authorization: auth } : {}),
      },
      body: JSON.stringify(webhookPayload(shareable(notification, s.include_paths), s.include_paths)),
      timeoutMs: s.timeout_seconds * 1000,
      signal,
    });
  }
}
