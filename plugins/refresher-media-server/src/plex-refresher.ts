/**
 * Plex: `GET /library/sections/{id}/refresh?X-Plex-Token=…` scans one library section. Without
 * configured section ids, the sections whose folders hold the job's library folder are scanned
 * for that folder only (`&path=`); when none does (Plex may see other paths, e.g. in a
 * container), every section is scanned.
 */
import {
  requestService,
  serviceHost,
  SpindleError,
  type LibraryRefresher,
  type LibraryRefresherStatus,
  type PluginSetup,
  type RefreshRequest,
  type RefreshResult,
} from '@spindle/plugin-sdk';
import { baseUrl, type RefresherSettings } from './refresher-settings.ts';

export interface PlexSection {
  key: string;
  title: string;
  locations: string[];
}

/** `/library/sections` as JSON (`Accept: application/json`). */
export function parseSections(body: unknown): PlexSection[] {
  const directories = (body as { MediaContainer?: { Directory?: unknown } } | null)?.MediaContainer?.Directory;
  if (!Array.isArray(directories)) return [];
  return directories.flatMap((d: { key?: unknown; title?: unknown; Location?: unknown }) =>
    typeof d?.key === 'string' || typeof d?.key === 'number'
      ? [
          {
            key: String(d.key),
            title: typeof d.title === 'string' ? d.title : String(d.key),
            locations: Array.isArray(d.Location)
              ? d.Location.flatMap((l: { path?: unknown }) => (typeof l?.path === 'string' ? [l.path] : []))
              : [],
          },
        ]
      : [],
  );
}

const inside = (path: string, folder: string) => {
  const f = folder.replace(/[\\/]+$/, '');
  return path === f || path.startsWith(`${f}/`) || path.startsWith(`${f}\\`);
};

/** Which sections to scan, and for which path (null: the whole section). */
export function planScans(
  sections: PlexSection[],
  paths: string[],
): { key: string; title: string; path: string | null }[] {
  const targeted = sections.flatMap((s) => {
    const path = paths.find((p) => s.locations.some((location) => inside(p, location)));
    return path ? [{ key: s.key, title: s.title, path }] : [];
  });
  return targeted.length > 0 ? targeted : sections.map((s) => ({ key: s.key, title: s.title, path: null }));
}

export class PlexRefresher implements LibraryRefresher {
  constructor(private readonly setup: PluginSetup<RefresherSettings>) {}

  status(): LibraryRefresherStatus {
    const url = baseUrl(this.setup.settings.plex_url);
    return { configured: url !== '', target: url ? serviceHost(url) : null };
  }

  async refresh(request: RefreshRequest): Promise<RefreshResult> {
    const s = this.setup.settings;
    const base = baseUrl(s.plex_url);
    const call = (path: string, query: Record<string, string> = {}) => {
      const params = new URLSearchParams({ ...query, 'X-Plex-Token': s.plex_token.trim() });
      return requestService(this.setup.http, `${base}${path}?${params}`, {
        service: 'Plex',
        authHint: 'check plex_token',
        headers: { accept: 'application/json' },
        timeoutMs: s.timeout_seconds * 1000,
        signal: request.signal,
      });
    };
    let scans: { key: string; title: string; path: string | null }[];
    if (s.plex_section_ids.length > 0) {
      scans = s.plex_section_ids.map((key) => ({ key, title: key, path: null }));
    } else {
      const sections = parseSections(await (await call('/library/sections')).json().catch(() => null));
      if (sections.length === 0)
        throw new SpindleError('plex_no_sections', `Plex at ${serviceHost(base)} listed no library sections`);
      scans = planScans(sections, request.paths);
    }
    for (const scan of scans)
      await call(`/library/sections/${encodeURIComponent(scan.key)}/refresh`, scan.path ? { path: scan.path } : {});
    const what = scans.map((scan) => `${scan.title}${scan.path ? ' (the job’s folder)' : ''}`).join(', ');
    return { detail: `Plex at ${serviceHost(base)}: scanning ${what}` };
  }
}
