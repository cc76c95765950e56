/**
 * What every notifier of this plugin does the same way: skip a notification the user did not ask
 * for, strip paths unless the user chose to share them, and POST one JSON body to the service
 * with the plugin's user agent and timeout. Each service says only where, with what headers and body.
 */
import {
  requestService,
  type Notification,
  type Notifier,
  type NotifierStatus,
  type PluginSetup,
} from '@spindle/plugin-sdk';
import { shareable } from './message-text.ts';
import { wants, type NotifierSettings } from './notifier-settings.ts';

export const USER_AGENT = 'Spindle notifier';

/** One POST to a service; `null` from `request` means the service is not set up (nothing is sent). */
export interface JsonPost {
  url: string;
  /** The service's name in error messages. */
  service: string;
  /** Added to the message of a 401/403 answer. */
  authHint: string;
  /** The JSON body. */
  body: unknown;
  /** Headers besides content-type and user-agent (an Authorization header, Accept). */
  headers?: Record<string, string>;
}

export abstract class JsonNotifier implements Notifier {
  constructor(protected readonly setup: PluginSetup<NotifierSettings>) {}

  abstract status(): NotifierStatus;

  /** The request for a notification already stripped of paths as the settings say, or null when not set up. */
  protected abstract request(notification: Notification, settings: NotifierSettings): JsonPost | null;

  async send(notification: Notification, signal: AbortSignal): Promise<void> {
    const s = this.setup.settings;
    if (!wants(s, notification.event)) return;
    const post = this.request(shareable(notification, s.include_paths), s);
    if (!post) return;
    await requestService(this.setup.http, post.url, {
      service: post.service,
      authHint: post.authHint,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...post.headers },
      body: JSON.stringify(post.body),
      timeoutMs: s.timeout_seconds * 1000,
      signal,
    });
  }
}
