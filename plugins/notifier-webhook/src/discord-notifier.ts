/** A Discord channel webhook: one embed per notification; mentions in disc labels never ping anyone. */
import {
  requestService,
  serviceHost,
  type Notification,
  type Notifier,
  type NotifierStatus,
  type PluginSetup,
} from '@spindle/plugin-sdk';
import { bodyText, countsLine, headline, shareable, subject } from './message-text.ts';
import { wants, type NotifierSettings } from './notifier-settings.ts';
import { USER_AGENT } from './webhook-notifier.ts';

const COLORS: Record<Notification['event'], number> = {
  job_completed: 0x2e7d32,
  job_failed: 0xc62828,
  review_needed: 0xf9a825,
  test: 0x1565c0,
};
const TITLE_MAX = 256;
const DESCRIPTION_MAX = 4096;
const FIELD_MAX = 1024;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

export function discordPayload(n: Notification) {
  const fields = [
    ...(subject(n) ? [{ name: 'Title', value: cut(subject(n)!, FIELD_MAX), inline: true }] : []),
    ...(countsLine(n) ? [{ name: 'Titles', value: cut(countsLine(n)!, FIELD_MAX), inline: true }] : []),
  ];
  return {
    username: 'Spindle',
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title: cut(headline(n), TITLE_MAX),
        description: cut(bodyText(n), DESCRIPTION_MAX),
        color: COLORS[n.event],
        timestamp: n.at,
        fields,
      },
    ],
  };
}

export class DiscordNotifier implements Notifier {
  constructor(private readonly setup: PluginSetup<NotifierSettings>) {}

  status(): NotifierStatus {
    const url = this.setup.settings.discord_webhook_url.trim();
    return { configured: url !== '', target: url ? serviceHost(url) : null };
  }

  async send(notification: Notification, signal: AbortSignal): Promise<void> {
    const s = this.setup.settings;
    const url = s.discord_webhook_url.trim();
    if (!url || !wants(s, notification.event)) return;
    await requestService(this.setup.http, url, {
      service: 'Discord',
      authHint: 'the webhook URL is wrong or the webhook was deleted',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
      body: JSON.stringify(discordPayload(shareable(notification, s.include_paths))),
      timeoutMs: s.timeout_seconds * 1000,
      signal,
    });
  }
}
