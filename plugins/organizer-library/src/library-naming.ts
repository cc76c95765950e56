/**
 * Plex/Jellyfin naming: where a matched title belongs in the library. Pure functions of the
 * input; the planner adds what the filesystem says (existing files).
 */
import { basename, extname, join } from 'node:path';
import { formatEpisodeCode, type ExtrasPolicy, type JobView, type MatchResult } from '@spindle/plugin-sdk';

export const EXTRAS_FOLDER = 'Extras';
const ILLEGAL = /[<>:"/\\|?*\u0000-\u001f]/g;
const RESERVED = /^(?:CON|PRN|AUX|NUL|COM[1-9]|LPT[1-9])$/i;

/** A name safe on Windows, macOS and Linux: illegal characters and trailing dots/spaces removed. */
export function safeName(raw: string, fallback = 'Unknown'): string {
  let name = raw.replace(ILLEGAL, '').replace(/\s+/g, ' ').trim().replace(/[. ]+$/, '');
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

export type Placement = { to: string } | { action: 'skip' | 'review'; reason: string };

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
  return kind === 'movie' ? join(input.libraryMoviesPath, movieFolderName(input.job)) : join(input.libraryTvPath, displayName(input.job));
}

function episodePlacement(input: NamingInput, match: MatchResult, filePath: string): Placement {
  const season = match.season ?? input.job.detectedSeason;
  if (season === null || match.episode === null) return { action: 'review', reason: 'The match names no season or episode number' };
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

function extraPlacement(input: NamingInput, filePath: string): Placement {
  if (input.extrasPolicy === 'skip') return { action: 'skip', reason: 'Extras are skipped (extras policy "skip")' };
  if (input.extrasPolicy === 'ask') return { action: 'review', reason: 'Keep this extra? (extras policy "ask")' };
  if (input.kind === null) return { action: 'review', reason: 'Cannot tell whether this extra belongs to a movie or a show' };
  const name = safeName(basename(filePath, extname(filePath)), 'Extra');
  return { to: join(titleFolder(input, input.kind), EXTRAS_FOLDER, `${name}${extension(filePath)}`) };
}

/** Where a title goes, or why it does not move. */
export function placeTitle(input: NamingInput, match: MatchResult, filePath: string): Placement {
  switch (match.kind) {
    case 'episode':
      return episodePlacement(input, match, filePath);
    case 'main_movie':
      return moviePlacement(input, match, filePath);
    case 'extra':
      return extraPlacement(input, filePath);
    case 'discarded':
      return { action: 'skip', reason: 'Discarded title' };
  }
}
