/** The generic JSON webhook: one POST per notification with a flat, documented JSON body. */
import { serviceHost, type Notification, type NotifierStatus } from '@spindle/plugin-sdk';
import { JsonNotifier, type JsonPost } from './json-notifier.ts';
import type { NotifierSettings } from './notifier-settings.ts';

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

export class WebhookNotifier extends JsonNotifier {
  status(): NotifierStatus {
    const url = this.setup.settings.webhook_url.trim();
    return { configured: url !== '', target: url ? serviceHost(url) : null };
  }

  protected request(n: Notification, s: NotifierSettings): JsonPost | null {
    const url = s.webhook_url.trim();
    if (!url) return null;
    const auth = s.webhook_authorization.trim();
    return {
      url,
      service: 'Webhook',
      authHint: 'check the Authorization header value',
      headers: auth ? { authorization: auth } : {},
      body: webhookPayload(n, s.include_paths),
    };
  }
}
