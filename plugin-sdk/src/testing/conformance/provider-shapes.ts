/** Validators of provider answers, shared by the provider conformance suites (each returns problems, empty when fine). */

type Loose = Record<string, unknown>;

const isInt = (v: unknown, min = 0): boolean => Number.isInteger(v) && (v as number) >= min;
const isNullOr = (v: unknown, test: (x: unknown) => boolean): boolean => v === null || test(v);
const isText = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';
const isYear = (v: unknown): boolean => isInt(v, 1800) && (v as number) < 3000;

function check(problems: string[], ok: boolean, message: string): void {
  if (!ok) problems.push(message);
}

export function catalogMovieProblems(value: unknown, at = 'movie'): string[] {
  const m = (value ?? {}) as Loose;
  const p: string[] = [];
  check(p, typeof value === 'object' && value !== null, `${at} is not an object`);
  check(p, isInt(m.id, 1), `${at}.id ${String(m.id)} is not a positive integer`);
  check(p, isText(m.title), `${at}.title is empty or not a string`);
  check(
    p,
    isNullOr(m.originalTitle, (x) => typeof x === 'string'),
    `${at}.originalTitle is neither a string nor null`,
  );
  check(p, isNullOr(m.year, isYear), `${at}.year ${String(m.year)} is neither a year nor null`);
  check(
    p,
    typeof m.popularity === 'number' && Number.isFinite(m.popularity) && m.popularity >= 0,
    `${at}.popularity is not a finite number ≥ 0`,
  );
  check(
    p,
    isNullOr(m.runtimeMinutes, (x) => typeof x === 'number' && x >= 0),
    `${at}.runtimeMinutes is neither minutes nor null`,
  );
  return p;
}

export function catalogShowProblems(value: unknown, at = 'show'): string[] {
  const s = (value ?? {}) as Loose;
  const p: string[] = [];
  check(p, isInt(s.id, 1), `${at}.id ${String(s.id)} is not a positive integer`);
  check(p, isText(s.name), `${at}.name is empty or not a string`);
  check(p, isNullOr(s.firstAirYear, isYear), `${at}.firstAirYear ${String(s.firstAirYear)} is neither a year nor null`);
  check(
    p,
    typeof s.popularity === 'number' && Number.isFinite(s.popularity) && s.popularity >= 0,
    `${at}.popularity is not a finite number ≥ 0`,
  );
  check(
    p,
    isNullOr(s.numberOfSeasons, (x) => isInt(x)),
    `${at}.numberOfSeasons is neither a count nor null`,
  );
  check(
    p,
    Array.isArray(s.episodeRunTimes) && s.episodeRunTimes.every((x) => typeof x === 'number' && x >= 0),
    `${at}.episodeRunTimes is not a list of minutes`,
  );
  return p;
}

export function catalogSeasonProblems(value: unknown, showId: number, season: number): string[] {
  const s = (value ?? {}) as Loose;
  const p: string[] = [];
  check(p, s.showId === showId, `season.showId ${String(s.showId)} is not the requested ${showId}`);
  check(p, s.season === season, `season.season ${String(s.season)} is not the requested ${season}`);
  if (!Array.isArray(s.episodes)) return [...p, 'season.episodes is not an array'];
  s.episodes.forEach((e: Loose, i) => {
    check(p, e?.season === season, `episode #${i + 1}: season ${String(e?.season)} is not ${season}`);
    check(p, isInt(e?.episode), `episode #${i + 1}: episode ${String(e?.episode)} is not a number`);
    check(p, typeof e?.name === 'string', `episode #${i + 1}: name is not a string`);
    check(
      p,
      isNullOr(e?.runtimeMinutes, (x) => typeof x === 'number' && x >= 0),
      `episode #${i + 1}: runtimeMinutes is neither minutes nor null`,
    );
  });
  return p;
}

const ASSIGNMENTS = ['episode', 'main_movie', 'extra', 'discarded'];

export function discLookupResultProblems(value: unknown): string[] {
  const r = (value ?? {}) as Loose;
  const p: string[] = [];
  check(
    p,
    ['tv', 'movie', 'unknown'].includes(r.contentType as string),
    `contentType ${String(r.contentType)} is not tv, movie or unknown`,
  );
  check(p, isText(r.title), 'title is empty or not a string');
  check(p, isNullOr(r.year, isYear), `year ${String(r.year)} is neither a year nor null`);
  check(
    p,
    isNullOr(r.catalogId, (x) => isInt(x, 1)),
    'catalogId is neither a positive integer nor null',
  );
  check(p, isText(r.titleSlug) && isText(r.discSlug), 'titleSlug and discSlug must be non-empty strings');
  check(
    p,
    isNullOr(r.discIndex, (x) => isInt(x)),
    'discIndex is neither a number nor null',
  );
  if (!Array.isArray(r.mappings)) return [...p, 'mappings is not an array'];
  r.mappings.forEach((m: Loose, i) => {
    check(p, isInt(m?.titleIndex), `mapping #${i + 1}: titleIndex is not a title index`);
    check(
      p,
      ASSIGNMENTS.includes(m?.assignment as string),
      `mapping #${i + 1}: assignment ${String(m?.assignment)} is not one of ${ASSIGNMENTS.join(', ')}`,
    );
    check(
      p,
      isNullOr(m?.season, (x) => isInt(x)) && isNullOr(m?.episode, (x) => isInt(x)),
      `mapping #${i + 1}: season/episode must be numbers or null`,
    );
  });
  return p;
}

export function subtitleDocumentProblems(value: unknown, language: string): string[] {
  const d = (value ?? {}) as Loose;
  const p: string[] = [];
  check(p, typeof d.srt === 'string' && d.srt.includes('-->'), 'srt is not SubRip text (no "-->" cue timing)');
  check(p, d.language === language, `language ${String(d.language)} is not the requested ${language}`);
  check(p, typeof d.origin === 'string', 'origin is not a string');
  check(
    p,
    isNullOr(d.season, (x) => isInt(x)) && isNullOr(d.episode, (x) => isInt(x)),
    'season/episode must be numbers or null',
  );
  return p;
}

export function transcriptProblems(value: unknown): string[] {
  const t = (value ?? {}) as Loose;
  const p: string[] = [];
  check(p, typeof t.text === 'string', 'text is not a string');
  check(p, typeof t.model === 'string', 'model is not a string');
  if (!Array.isArray(t.segments)) return [...p, 'segments is not an array'];
  t.segments.forEach((s: Loose, i) => {
    const start = s?.startSeconds as number;
    const end = s?.endSeconds as number;
    check(
      p,
      Number.isFinite(start) && Number.isFinite(end) && start >= 0 && end >= start,
      `segment #${i + 1}: ${String(start)}–${String(end)} s is not a time range`,
    );
    check(p, typeof s?.text === 'string', `segment #${i + 1}: text is not a string`);
  });
  return p;
}

/** Status objects: `configured` boolean and `target` string or null (a notifier's or refresher's). */
export function destinationStatusProblems(value: unknown): string[] {
  const s = (value ?? {}) as Loose;
  const p: string[] = [];
  check(p, typeof s.configured === 'boolean', 'status().configured is not a boolean');
  check(
    p,
    isNullOr(s.target, (x) => typeof x === 'string'),
    'status().target is neither a string nor null',
  );
  return p;
}

/** Whether a value survives JSON (what an AI provider must answer). */
export function jsonValueProblems(value: unknown): string[] {
  if (value === undefined) return ['the answer is undefined, not a JSON value'];
  try {
    const text = JSON.stringify(value);
    return JSON.stringify(JSON.parse(text)) === text ? [] : ['the answer does not survive JSON'];
  } catch {
    return ['the answer cannot be written as JSON'];
  }
}
