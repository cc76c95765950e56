/** Pure formatting helpers shared by the screens (unit-tested in ui/test/format.test.ts). */

export type ConfidenceBand = 'high' | 'medium' | 'low';

/** The spec's bands: 80 % or more high, 50–79 % medium, below 50 % low. */
export function confidenceBand(confidence: number): ConfidenceBand {
  const percent = Math.round(confidence * 100);
  if (percent >= 80) return 'high';
  if (percent >= 50) return 'medium';
  return 'low';
}

export function percent(confidence: number | null | undefined): string {
  return confidence === null || confidence === undefined ? '—' : `${Math.round(confidence * 100)}%`;
}

/** Duration as m:ss (minutes may exceed 59: a 2 h feature is 121:00). */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** A long span for people: "1 h 5 min", "3 min 20 s", "45 s". */
export function span(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.round((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${m ? ` ${m} min` : ''}`;
}

export function bytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = n;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

export function dateTime(iso: string | null | undefined, withSeconds = false): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: withSeconds ? 'medium' : 'short' });
}

/** "S01E03" for season 1 episode 3; "S01E11-E12" for a combined title. */
export function episodeCode(
  season: number | null,
  episode: number | null,
  episodeEnd: number | null = null,
): string | null {
  if (season === null || episode === null) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return `S${two(season)}E${two(episode)}${episodeEnd !== null && episodeEnd !== episode ? `-E${two(episodeEnd)}` : ''}`;
}

/** What the review API accepts as an episode code (`^S\d{2}E\d{2,3}$`); null when the text is not one. */
export function parseEpisodeCode(text: string): string | null {
  const m = /^\s*s?(\d{1,2})\s*[ex](\d{1,3})\s*$/i.exec(text);
  if (!m) return null;
  return `S${m[1]!.padStart(2, '0')}E${m[2]!.padStart(2, '0')}`;
}

const STATE_LABELS: Record<string, string> = {
  idle: 'Waiting',
  identifying: 'Identifying',
  review_needed: 'Needs review',
  ripping: 'Ripping',
  matching: 'Matching',
  organizing: 'Organizing',
  completed: 'Completed',
  failed: 'Failed',
};

export function jobStateLabel(state: string): string {
  return STATE_LABELS[state] ?? state;
}

/** The spec's badge labels of title states: the state in capitals, but for these two. */
const TITLE_BADGES: Record<string, string> = { completed: 'OK', failed: 'FAIL' };

export function titleBadge(state: string): string {
  return TITLE_BADGES[state] ?? state.toUpperCase();
}

const SOURCE_LABELS: Record<string, string> = {
  catalog: 'Catalog (TMDB)',
  heuristic: 'Duration heuristic',
  disc_lookup: 'Disc lookup (TheDiscDB)',
  ai: 'AI',
};

export function classificationSourceLabel(source: string | null | undefined): string {
  return source ? (SOURCE_LABELS[source] ?? source) : 'Not identified yet';
}

export const TERMINAL_STATES = new Set(['completed', 'failed']);
export const RUNNING_STATES = new Set(['identifying', 'ripping', 'matching', 'organizing']);

export function contentTypeLabel(type: string | null | undefined): string {
  return type === 'tv' ? 'TV' : type === 'movie' ? 'Movie' : 'Unknown';
}
