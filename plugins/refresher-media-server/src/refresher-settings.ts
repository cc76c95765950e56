/** The plugin's settings (validated by the core against package.json's schema) and their defaults. */
import type { JsonObject } from '@spindle/plugin-sdk';

export interface RefresherSettings {
  jellyfin_url: string;
  jellyfin_api_key: string;
  plex_url: string;
  plex_token: string;
  plex_section_ids: string[];
  emby_url: string;
  emby_api_key: string;
  timeout_seconds: number;
}

export const DEFAULT_SETTINGS: RefresherSettings = {
  jellyfin_url: '',
  jellyfin_api_key: '',
  plex_url: '',
  plex_token: '',
  plex_section_ids: [],
  emby_url: '',
  emby_api_key: '',
  timeout_seconds: 15,
};

export function withDefaults(settings: JsonObject | Partial<RefresherSettings>): RefresherSettings {
  return { ...DEFAULT_SETTINGS, ...(settings as Partial<RefresherSettings>) };
}

/** `http://host:8096/` → `http://host:8096` */
export const baseUrl = (url: string) => url.trim().replace(/\/+$/, '');
