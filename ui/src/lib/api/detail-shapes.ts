/**
 * Shapes of the parts of a job detail that the OpenAPI document only declares loosely
 * (`match_details`, `disc_mappings`, `identification`, `timeline`). They are the SDK's value
 * objects as stored (camelCase). The readers below never trust them: a missing or odd field
 * becomes null, so a later change of the stored shape cannot break a screen.
 */

export interface ScoreComponent {
  name: string;
  value: number;
  weight: number;
  detail: string | null;
}

export interface MatchCandidate {
  kind: string;
  season: number | null;
  episode: number | null;
  episodeEnd: number | null;
  edition: string | null;
  score: number;
}

export interface MatchDetails {
  kind: string | null;
  season: number | null;
  episode: number | null;
  episodeEnd: number | null;
  edition: string | null;
  extraType: string | null;
  confidence: number | null;
  source: string | null;
  components: ScoreComponent[];
  candidates: MatchCandidate[];
  /** Anything else the matcher or organizer stored (e.g. a conflict description). */
  notes: string[];
}

export interface DiscMappingRow {
  titleIndex: number | null;
  assignment: string | null;
  season: number | null;
  episode: number | null;
  episodeEnd: number | null;
  name: string | null;
  extraType: string | null;
}

export interface IdentificationAnswer {
  contentType: string | null;
  source: string | null;
  confidence: number | null;
  title: string | null;
  year: number | null;
  season: number | null;
  catalogId: number | null;
  catalogTitle: string | null;
  reviewReason: string | null;
  evidence: string[];
}

export interface TimelineEntry {
  at: string | null;
  from: string | null;
  to: string | null;
  message: string | null;
}

type Loose = Record<string, unknown>;

const obj = (v: unknown): Loose | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function readMatchDetails(value: unknown): MatchDetails | null {
  const o = obj(value);
  if (!o) return null;
  const notes = ['reason', 'conflict', 'detail', 'message']
    .map((k) => str(o[k]))
    .filter((v): v is string => v !== null);
  return {
    kind: str(o.kind),
    season: num(o.season),
    episode: num(o.episode),
    episodeEnd: num(o.episodeEnd),
    edition: str(o.edition),
    extraType: str(o.extraType),
    confidence: num(o.confidence),
    source: str(o.source),
    components: list(o.components)
      .map(obj)
      .filter((c): c is Loose => c !== null)
      .map((c) => ({ name: str(c.name) ?? '?', value: num(c.value) ?? 0, weight: num(c.weight) ?? 0, detail: str(c.detail) })),
    candidates: list(o.candidates)
      .map(obj)
      .filter((c): c is Loose => c !== null)
      .map((c) => ({
        kind: str(c.kind) ?? 'episode',
        season: num(c.season),
        episode: num(c.episode),
        episodeEnd: num(c.episodeEnd),
        edition: str(c.edition),
        score: num(c.score) ?? 0,
      })),
    notes,
  };
}

export function readDiscMappings(value: unknown): DiscMappingRow[] {
  return list(value)
    .map(obj)
    .filter((m): m is Loose => m !== null)
    .map((m) => ({
      titleIndex: num(m.titleIndex),
      assignment: str(m.assignment),
      season: num(m.season),
      episode: num(m.episode),
      episodeEnd: num(m.episodeEnd),
      name: str(m.name),
      extraType: str(m.extraType),
    }));
}

export function readIdentification(value: unknown): IdentificationAnswer[] {
  return list(value)
    .map(obj)
    .filter((a): a is Loose => a !== null)
    .map((a) => ({
      contentType: str(a.contentType),
      source: str(a.source),
      confidence: num(a.confidence),
      title: str(a.title),
      year: num(a.year),
      season: num(a.season),
      catalogId: num(a.catalogId),
      catalogTitle: str(a.catalogTitle),
      reviewReason: str(a.reviewReason),
      evidence: list(a.evidence).map(str).filter((e): e is string => e !== null),
    }));
}

export function readTimeline(value: unknown): TimelineEntry[] {
  return list(value)
    .map(obj)
    .filter((e): e is Loose => e !== null)
    .map((e) => ({ at: str(e.at), from: str(e.from), to: str(e.to), message: str(e.message) }));
}
