/**
 * The plugin's settings. Their defaults live once, in package.json's settingsSchema: the core (and
 * the SDK's test kit) fills them in and validates them before a factory runs.
 */

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

/** `http://host:8096/` → `http://host:8096` */
export const baseUrl = (url: string) => url.trim().replace(/\/+$/, '');
