/** A Discord channel webhook: one embed per notification; mentions in disc labels never ping anyone. */
import { serviceHost, type Notification, type NotifierStatus } from '@spindle/plugin-sdk';
import { bodyText, countsLine, headline, subject } from './message-text.ts';
import { JsonNotifier, type JsonPost } from './json-notifier.ts';
import type { NotifierSettings } from './notifier-settings.ts';

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

export class DiscordNotifier extends JsonNotifier {
  status(): NotifierStatus {
    const url = this.setup.settings.discord_webhook_url.trim();
    return { configured: url !== '', target: url ? serviceHost(url) : null };
  }

  protected request(n: Notification, s: NotifierSettings): JsonPost | null {
    const url = s.discord_webhook_url.trim();
    if (!url) return null;
    return {
      url,
      service: 'Discord',
      authHint: 'the webhook URL is wrong or the webhook was deleted',
      body: discordPayload(n),
    };
  }
}
