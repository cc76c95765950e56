import { definePlugin, type PluginSetup } from '@spindle/plugin-sdk';
import { AppriseNotifier } from './apprise-notifier.ts';
import { DiscordNotifier } from './discord-notifier.ts';
import type { NotifierSettings } from './notifier-settings.ts';
import { GotifyNotifier } from './gotify-notifier.ts';
import { NtfyNotifier } from './ntfy-notifier.ts';
import { WebhookNotifier } from './webhook-notifier.ts';

/** The core has filled in the manifest's defaults and validated the settings. */
const configured = (setup: PluginSetup): PluginSetup<NotifierSettings> =>
  setup as unknown as PluginSetup<NotifierSettings>;

export default definePlugin({
  id: 'notifier-webhook',
  name: 'Notifications: webhook, ntfy, Discord, Gotify and Apprise',
  providers: {
    notifier: {
      webhook: (setup) => new WebhookNotifier(configured(setup)),
      ntfy: (setup) => new NtfyNotifier(configured(setup)),
      discord: (setup) => new DiscordNotifier(configured(setup)),
      gotify: (setup) => new GotifyNotifier(configured(setup)),
      apprise: (setup) => new AppriseNotifier(configured(setup)),
    },
  },
});
