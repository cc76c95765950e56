/**
 * Jellyfin and Emby (Jellyfin is Emby's fork and kept its API): `POST /Library/Refresh` with the
 * API key in `X-Emby-Token` starts a scan of every library. Emby serves its API under `/emby`.
 */
import {
  requestService,
  serviceHost,
  type LibraryRefresher,
  type LibraryRefresherStatus,
  type PluginSetup,
  type RefreshRequest,
  type RefreshResult,
} from '@spindle/plugin-sdk';
import { baseUrl, type RefresherSettings } from './refresher-settings.ts';

export interface EmbyFlavour {
  service: 'Jellyfin' | 'Emby';
  url: (s: RefresherSettings) => string;
  apiKey: (s: RefresherSettings) => string;
  /** Path of the refresh call under the server URL. */
  refreshPath: (base: string) => string;
}

export const JELLYFIN: EmbyFlavour = {
  service: 'Jellyfin',
  url: (s) => s.jellyfin_url,
  apiKey: (s) => s.jellyfin_api_key,
  refreshPath: () => '/Library/Refresh',
};

export const EMBY: EmbyFlavour = {
  service: 'Emby',
  url: (s) => s.emby_url,
  apiKey: (s) => s.emby_api_key,
  refreshPath: (base) => (/\/emby$/i.test(base) ? '/Library/Refresh' : '/emby/Library/Refresh'),
};

export class EmbyRefresher implements LibraryRefresher {
  constructor(
    private readonly setup: PluginSetup<RefresherSettings>,
    private readonly flavour: EmbyFlavour,
  ) {}

  status(): LibraryRefresherStatus {
    const url = baseUrl(this.flavour.url(this.setup.settings));
    return { configured: url !== '', target: url ? serviceHost(url) : null };
  }

  async refresh(request: RefreshRequest): Promise<RefreshResult> {
    const s = this.setup.settings;
    const base = baseUrl(this.flavour.url(s));
    const key = this.flavour.apiKey(s).trim();
    await requestService(this.setup.http, base + this.flavour.refreshPath(base), {
      service: this.flavour.service,
      authHint: `check ${this.flavour.service.toLowerCase()}_api_key`,
      method: 'POST',
      headers: key ? { 'x-emby-token': key } : {},
      timeoutMs: s.timeout_seconds * 1000,
      signal: request.signal,
    });
    return { detail: `${this.flavour.service} at ${serviceHost(base)}: library scan started` };
  }
}
