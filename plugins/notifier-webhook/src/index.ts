import { definePlugin } from '@spindle/plugin-sdk';
import { AppriseNotifier } from './apprise-notifier.ts';
import { DiscordNotifier } from './discord-notifier.ts';
import type { NotifierSettings } from './notifier-settings.ts';
import { GotifyNotifier } from './gotify-notifier.ts';
import { NtfyNotifier } from './ntfy-notifier.ts';
import { WebhookNotifier } from './webhook-notifier.ts';

/** The core fills in the manifest's defaults and validates the settings before a factory runs. */
export default definePlugin<NotifierSettings>({
  id: 'notifier-webhook',
  name: 'Notifications: webhook, ntfy, Discord, Gotify and Apprise',
  providers: {
    notifier: {
      webhook: (setup) => new WebhookNotifier(setup),
      ntfy: (setup) => new NtfyNotifier(setup),
      discord: (setup) => new DiscordNotifier(setup),
      gotify: (setup) => new GotifyNotifier(setup),
      apprise: (setup) => new AppriseNotifier(setup),
    },
  },
});
