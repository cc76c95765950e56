/**
 * Plex/Jellyfin naming: where a matched title belongs in the library. Pure functions of the
 * input; the planner adds what the filesystem says (existing files).
 */
import { basename, extname, join } from 'node:path';
import {
  formatEpisodeCode,
  type ExtrasPolicy,
  type ExtraType,
  type JobView,
  type MatchResult,
} from '@spindle/plugin-sdk';

/** The extras folders Plex and Jellyfin both recognise, by kind of extra. */
export const EXTRAS_FOLDERS: Readonly<Record<ExtraType, string>> = {
  behind_the_scenes: 'Behind The Scenes',
  deleted_scene: 'Deleted Scenes',
  featurette: 'Featurettes',
  interview: 'Interviews',
  scene: 'Scenes',
  short: 'Shorts',
  trailer: 'Trailers',
  other: 'Other',
};
// Jellyfin also knows a plain `Extras` folder; libraries organized by hand often have one.
const EXTRAS_FOLDER_NAMES = new Set([...Object.values(EXTRAS_FOLDERS), 'Extras']);

export function isExtrasFolder(name: string): boolean {
  return EXTRAS_FOLDER_NAMES.has(name);
}

const ILLEGAL = /[<>:"/\\|?*\u0000-\u001f]/g;
const RESERVED = /^(?:CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])$/i;
/**
 * Longest show or movie name kept, in UTF-8 bytes: with " (Year) {edition-…}" or " - S01E01-E02"
 * and the extension, every path component stays well under the 255-byte limit of common
 * filesystems, and typical library paths under Windows' 260-character MAX_PATH.
 */
export const MAX_NAME_BYTES = 100;

/** Cuts a string to at most `maxBytes` of UTF-8 without splitting a character. */
export function truncateBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > maxBytes) break;
    out += ch;
    bytes += n;
  }
  return out;
}

/**
 * A name safe on Windows, macOS and Linux: illegal characters removed, white space folded,
 * trailing dots and spaces removed, reserved device names avoided, and at most `maxBytes` long.
 */
export function safeName(raw: string, fallback = 'Unknown', maxBytes = MAX_NAME_BYTES): string {
  const clean = (s: string) =>
    s
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[. ]+$/, '');
  let name = clean(truncateBytes(clean(raw.normalize('NFC').replace(/\s+/g, ' ').replace(ILLEGAL, '')), maxBytes));
  if (RESERVED.test(name.split('.')[0] ?? '')) name = `${name}_`;
  return name === '' ? fallback : name;
}

export function displayName(job: JobView): string {
  return safeName(job.catalogTitle ?? job.detectedTitle ?? job.volumeLabel);
}

/** `Name (Year)`, or just `Name` when the year is unknown. */
export function movieFolderName(job: JobView): string {
  const name = displayName(job);
  return job.detectedYear === null ? name : `${name} (${job.detectedYear})`;
}

export type LibraryKind = 'movie' | 'tv';

export type Placement =
  { to: string } | { action: 'skip' | 'review'; reason: string; question?: 'keep_extra' | 'placement' };

export interface NamingInput {
  job: JobView;
  kind: LibraryKind | null;
  libraryMoviesPath: string;
  libraryTvPath: string;
  extrasPolicy: ExtrasPolicy;
}

function extension(filePath: string): string {
  return extname(filePath).toLowerCase() || '.mkv';
}

/** The folder that holds the job's files: the movie folder or the show folder. */
export function titleFolder(input: NamingInput, kind: LibraryKind): string {
  return kind === 'movie'
    ? join(input.libraryMoviesPath, movieFolderName(input.job))
    : join(input.libraryTvPath, displayName(input.job));
}

function episodePlacement(input: NamingInput, match: MatchResult, filePath: string): Placement {
  const season = match.season ?? input.job.detectedSeason;
  if (season === null || match.episode === null)
    return { action: 'review', reason: 'The match names no season or episode number', question: 'placement' };
  const show = displayName(input.job);
  const code = formatEpisodeCode(season, match.episode, match.episodeEnd);
  const seasonFolder = `Season ${String(season).padStart(2, '0')}`;
  return { to: join(input.libraryTvPath, show, seasonFolder, `${show} - ${code}${extension(filePath)}`) };
}

function moviePlacement(input: NamingInput, match: MatchResult, filePath: string): Placement {
  const folder = movieFolderName(input.job);
  const edition = match.edition === null ? '' : safeName(match.edition, '');
  const file = edition === '' ? folder : `${folder} {edition-${edition}}`;
  return { to: join(input.libraryMoviesPath, folder, `${file}${extension(filePath)}`) };
}

function extraPlacement(input: NamingInput, match: MatchResult, filePath: string, included: boolean): Placement {
  // A person who reviewed this extra and kept it (or put it back in) has already answered the policy's question.
  const keptByReviewer = match.source === 'user_review' || included;
  if (input.extrasPolicy === 'skip' && !keptByReviewer)
    return { action: 'skip', reason: 'Extras are skipped (extras policy "skip")' };
  if (input.extrasPolicy === 'ask' && !keptByReviewer)
    return { action: 'review', reason: 'Keep this extra? (extras policy "ask")', question: 'keep_extra' };
  if (input.kind === null)
    return {
      action: 'review',
      reason: 'Cannot tell whether this extra belongs to a movie or a show',
      question: 'placement',
    };
  const name = safeName(basename(filePath, extname(filePath)), 'Extra');
  const folder = EXTRAS_FOLDERS[match.extraType ?? 'other'];
  return { to: join(titleFolder(input, input.kind), folder, `${name}${extension(filePath)}`) };
}

/** Where a title goes, or why it does not move. */
export function placeTitle(input: NamingInput, match: MatchResult, filePath: string, included = false): Placement {
  switch (match.kind) {
    case 'episode':
      return episodePlacement(input, match, filePath);
    case 'main_movie':
      return moviePlacement(input, match, filePath);
    case 'extra':
      return extraPlacement(input, match, filePath, included);
    case 'discarded':
      return { action: 'skip', reason: match.source === 'user_review' ? 'skipped by a person' : 'Discarded title' };
  }
}
