/**
 * The plugin's settings. Their defaults live once, in package.json's settingsSchema: the core (and
 * the SDK's test kit) fills them in and validates them before a factory runs.
 */
import type { NotificationEvent } from '@spindle/plugin-sdk';

export interface NotifierSettings {
  webhook_url: string;
  webhook_authorization: string;
  ntfy_server: string;
  ntfy_topic: string;
  ntfy_token: string;
  discord_webhook_url: string;
  gotify_url: string;
  gotify_token: string;
  gotify_priority: number;
  apprise_url: string;
  apprise_key: string;
  apprise_urls: string;
  apprise_tag: string;
  events: Exclude<NotificationEvent, 'test'>[];
  include_paths: boolean;
  timeout_seconds: number;
}

/** A test notification always goes out; the others only when the user chose their event. */
export function wants(settings: NotifierSettings, event: NotificationEvent): boolean {
  return event === 'test' || settings.events.includes(event);
}
