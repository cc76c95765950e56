/**
 * TheDiscDB's per-title items → DiscMapping[]: Episode → episode (with "11-12" as a combined
 * episode; one named "… Deleted Scene …" is a deleted scene), MainMovie → main_movie, bonus
 * types → extra (with their kind), "Play All" items and logos/warnings ("Other") → discarded. Titles without an item are left out: nobody said what
 * they are, so other matchers decide.
 */
import type { ContentType, DiscLookupResult, DiscMapping, ExtraType } from '@spindle/plugin-sdk';
import type { WireDisc, WireMediaItem, WireTitle } from './graphql-queries.ts';

const EXTRA_TYPES: Record<string, ExtraType> = {
  extra: 'other',
  deletedscene: 'deleted_scene',
  trailer: 'trailer',
  featurette: 'featurette',
  short: 'short',
  behindthescenes: 'behind_the_scenes',
  interview: 'interview',
  scene: 'scene',
};

const PLAY_ALL = /\bplay\s*all\b/i;
/** Contributors file an episode's deleted scenes under the episode ("Pilot Deleted Scene 2"): extras, not the episode. */
const DELETED_SCENE = /\bdeleted\s+scenes?\b/i;

/** "11" → {11, null}; "11-12" → {11, 12}; anything else → null. */
export function parseEpisodeNumber(
  value: string | number | null | undefined,
): { episode: number; episodeEnd: number | null } | null {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 ? { episode: value, episodeEnd: null } : null;
  const m = typeof value === 'string' ? /^\s*(\d{1,4})\s*(?:[-–]\s*[Ee]?(\d{1,4}))?\s*$/.exec(value) : null;
  if (!m) return null;
  const episode = Number(m[1]);
  const end = m[2] === undefined ? null : Number(m[2]);
  return { episode, episodeEnd: end !== null && end > episode ? end : null };
}

function parseSeason(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 ? value : null;
  return typeof value === 'string' && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : null;
}

/** "H:MM:SS" (or "MM:SS") → seconds; null when unreadable. */
export function parseDuration(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^\d+(:\d{1,2}){1,2}$/.test(value.trim())) return null;
  return value
    .trim()
    .split(':')
    .reduce((total, part) => total * 60 + Number(part), 0);
}

export function mappingOf(title: WireTitle): DiscMapping | null {
  const item = title.item;
  if (typeof title.index !== 'number' || !item || typeof item.type !== 'string') return null;
  const type = item.type.replace(/[\s_-]/g, '').toLowerCase();
  const name = typeof item.title === 'string' && item.title.trim() !== '' ? item.title.trim() : null;
  const base = {
    titleIndex: title.index,
    name,
    season: null,
    episode: null,
    episodeEnd: null,
    durationSeconds: parseDuration(title.duration),
  };
  if (type === 'episode' && name !== null && DELETED_SCENE.test(name) && !PLAY_ALL.test(name)) {
    return { ...base, assignment: 'extra', season: parseSeason(item.season), extraType: 'deleted_scene' };
  }
  if (type === 'episode') {
    const numbers = parseEpisodeNumber(item.episode);
    return {
      ...base,
      assignment: 'episode',
      season: parseSeason(item.season),
      episode: numbers?.episode ?? null,
      episodeEnd: numbers?.episodeEnd ?? null,
    };
  }
  if (type === 'mainmovie') return { ...base, assignment: 'main_movie' };
  if ((name !== null && PLAY_ALL.test(name)) || type === 'other') return { ...base, assignment: 'discarded' };
  return { ...base, assignment: 'extra', season: parseSeason(item.season), extraType: EXTRA_TYPES[type] ?? 'other' };
}

export function contentTypeOf(type: string | null | undefined): ContentType {
  const t = (type ?? '').toLowerCase();
  return t === 'series' ? 'tv' : t === 'movie' ? 'movie' : 'unknown';
}

function catalogIdOf(item: WireMediaItem): number | null {
  const tmdb = item.externalids?.tmdb;
  const id =
    typeof tmdb === 'number' ? tmdb : typeof tmdb === 'string' && /^\d+$/.test(tmdb.trim()) ? Number(tmdb) : null;
  return id !== null && id > 0 ? id : null;
}

/** The first disc (of any release of any item) whose content hash equals `hash`, ignoring case. */
export function findDisc(
  items: readonly WireMediaItem[],
  hash: string,
): { item: WireMediaItem; disc: WireDisc } | null {
  const wanted = hash.trim().toUpperCase();
  for (const item of items) {
    for (const release of item.releases ?? []) {
      const disc = (release.discs ?? []).find(
        (d) => typeof d.contentHash === 'string' && d.contentHash.trim().toUpperCase() === wanted,
      );
      if (disc) return { item, disc };
    }
  }
  return null;
}

export function toLookupResult(item: WireMediaItem, disc: WireDisc): DiscLookupResult {
  const mappings = (disc.titles ?? []).flatMap((t) => mappingOf(t) ?? []).sort((a, b) => a.titleIndex - b.titleIndex);
  const title = typeof item.title === 'string' && item.title.trim() !== '' ? item.title.trim() : 'Unknown title';
  return {
    contentType: contentTypeOf(item.type),
    title,
    year: typeof item.year === 'number' && item.year > 1800 ? item.year : null,
    catalogId: catalogIdOf(item),
    titleSlug: item.slug?.trim() || slugify(title),
    discSlug: disc.slug?.trim() || `disc-${disc.index ?? 1}`,
    discIndex: typeof disc.index === 'number' ? disc.index : null,
    mappings,
  };
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'item'
  );
}
