/** The plugin's settings (validated by the core against package.json's schema) and their defaults. */
import type { JsonObject, NotificationEvent } from '@spindle/plugin-sdk';

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

export const DEFAULT_SETTINGS: NotifierSettings = {
  webhook_url: '',
  webhook_authorization: '',
  ntfy_server: 'https://ntfy.sh',
  ntfy_topic: '',
  ntfy_token: '',
  discord_webhook_url: '',
  gotify_url: '',
  gotify_token: '',
  gotify_priority: 5,
  apprise_url: '',
  apprise_key: '',
  apprise_urls: '',
  apprise_tag: '',
  events: ['job_completed', 'job_failed', 'review_needed'],
  include_paths: false,
  timeout_seconds: 10,
};

export function withDefaults(settings: JsonObject | Partial<NotifierSettings>): NotifierSettings {
  return { ...DEFAULT_SETTINGS, ...(settings as Partial<NotifierSettings>) };
}

/** A test notification always goes out; the others only when the user chose their event. */
export function wants(settings: NotifierSettings, event: NotificationEvent): boolean {
  return event === 'test' || settings.events.includes(event);
}
