/**
 * The `local-folder` subtitle provider: reference subtitles from a folder of .srt files. Episodes
 * are found by the code in the file name; when the folder holds several shows, the show's folder
 * or the words before the code must fit the wanted title. Movies are found by title (and year).
 */
import { readFile } from 'node:fs/promises';
import {
  SubtitleError,
  throwIfAborted,
  type Logger,
  type PluginSetup,
  type SubtitleDocument,
  type SubtitleEpisodeRef,
  type SubtitleProvider,
  type SubtitleQuery,
  type SubtitleQuota,
} from '@spindle/plugin-sdk';
import { isGenericFolder, sameTitle, showNameScore, titleYearReadings, words } from './name-words.ts';
import { scanSrtFolder, type SrtFile } from './srt-folder-scan.ts';
import { coversEpisode, parseSrtName, type ParsedSrtName } from './srt-name-parser.ts';
import { decodeSubtitle } from '@spindle/plugin-sdk';

export interface LocalFolderSettings {
  folder: string;
  max_depth: number;
}

export function readSettings(settings: Record<string, unknown> | undefined): LocalFolderSettings {
  const folder = typeof settings?.folder === 'string' ? settings.folder.trim() : '';
  const depth = settings?.max_depth;
  return { folder, max_depth: typeof depth === 'number' && Number.isInteger(depth) && depth >= 0 ? depth : 8 };
}

interface Entry {
  file: SrtFile;
  parsed: ParsedSrtName;
  /** The show this file belongs to, as its folders or name say (empty when they say nothing). */
  show: string[];
  /** Every name that may be the show's: its folders (innermost first), then the words before the episode code. */
  names: string[][];
}

interface Candidate extends Entry {
  /** How well the show fits the wanted title (1 when there is nothing to compare). */
  fit: number;
  language: string | null;
}

function entryOf(file: SrtFile, parsed: ParsedSrtName): Entry {
  const folders = [...file.folders]
    .reverse()
    .filter((f) => !isGenericFolder(f))
    .map(words);
  const names = [...folders, parsed.showWords].filter((n) => n.length > 0);
  return { file, parsed, show: names[0] ?? [], names };
}

export class LocalFolderProvider implements SubtitleProvider {
  private readonly settings: LocalFolderSettings;
  private readonly logger: Logger;

  constructor(setup: PluginSetup) {
    this.settings = readSettings(setup.settings);
    this.logger = setup.logger;
  }

  quota(): SubtitleQuota {
    return { remaining: null, resetsAt: null };
  }

  private async entries(signal: AbortSignal): Promise<Entry[]> {
    const files = await scanSrtFolder(this.settings.folder, this.settings.max_depth, signal);
    return files.map((file) => {
      return entryOf(file, parseSrtName(file.baseName, file.folders));
    });
  }

  /**
   * Episode files of the wanted show. With one show in the folder (or none named) every file
   * counts unless its name clearly belongs to another title; with several, the name must fit the
   * title, and only the best-fitting show is kept.
   */
  private showFiles(all: Entry[], query: SubtitleQuery): Candidate[] {
    const episodes = all.filter((e) => e.parsed.season !== null && !e.parsed.forced);
    const shows = new Set(episodes.map((e) => e.show.join(' ')).filter((s) => s !== ''));
    const title = query.title ? words(query.title) : [];
    const scored = episodes.map((e) => ({
      ...e,
      fit: e.names.length === 0 || title.length === 0 ? -1 : Math.max(...e.names.map((n) => showNameScore(n, title))),
      language: e.parsed.language,
    }));
    if (title.length === 0) {
      if (shows.size > 1) {
        this.logger.info('the subtitle folder holds several shows and the job names none', { shows: shows.size });
        return scored.filter((e) => e.show.length === 0).map((e) => ({ ...e, fit: 1 }));
      }
      return scored.map((e) => ({ ...e, fit: 1 }));
    }
    const best = Math.max(0, ...scored.map((e) => e.fit));
    const named = scored.filter((e) => e.fit > 0 && e.fit === best);
    const unnamed = scored.filter((e) => e.fit === -1);
    return [...named, ...unnamed].map((e) => ({ ...e, fit: e.fit === -1 ? 0 : e.fit }));
  }

  private movieFiles(all: Entry[], query: SubtitleQuery): Candidate[] {
    const title = query.title ? words(query.title) : [];
    if (title.length === 0) return [];
    const year = query.year ?? null;
    const fits = (name: string) =>
      titleYearReadings(name).some(
        (r) => sameTitle(r.title, title) && (r.year === null || year === null || r.year === year),
      );
    const found: Candidate[] = [];
    for (const e of all) {
      if (e.parsed.season !== null || e.parsed.forced) continue;
      if (fits(e.parsed.name)) found.push({ ...e, fit: 1, language: e.parsed.language });
      else if (fits(e.file.baseName)) found.push({ ...e, fit: 1, language: null });
      else if (e.file.folders.length > 0 && fits(e.file.folders[e.file.folders.length - 1]!))
        found.push({ ...e, fit: 0.9, language: e.parsed.language });
    }
    return found;
  }

  /** Best first: show fit, the wanted language (untagged next), one episode over several, plain over hearing-impaired. */
  private rank(candidates: Candidate[], language: string): Candidate[] {
    const wanted = language.trim().toLowerCase().split('-')[0] ?? '';
    const usable = candidates.filter((c) => wanted === '' || c.language === null || c.language === wanted);
    const key = (c: Candidate) => [
      -c.fit,
      c.language === wanted ? 0 : 1,
      c.parsed.episodeEnd === null ? 0 : 1,
      c.parsed.hearingImpaired ? 1 : 0,
    ];
    return usable.sort((a, b) => {
      const [ka, kb] = [key(a), key(b)];
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! - kb[i]!;
      return a.file.relativePath.localeCompare(b.file.relativePath);
    });
  }

  async fetch(query: SubtitleQuery, signal: AbortSignal): Promise<SubtitleDocument | null> {
    throwIfAborted(signal);
    const isMovie = query.season === null && query.episode === null;
    if (!isMovie && (query.season === null || query.episode === null)) return null;
    const all = await this.entries(signal);
    const candidates = isMovie
      ? this.movieFiles(all, query)
      : this.showFiles(all, query).filter((c) => coversEpisode(c.parsed, query.season!, query.episode!));
    const best = this.rank(candidates, query.language)[0];
    if (!best) {
      this.logger.info('no local subtitle file fits', {
        season: query.season,
        episode: query.episode,
        files: all.length,
      });
      return null;
    }
    throwIfAborted(signal);
    let bytes: Uint8Array;
    try {
      bytes = await readFile(best.file.path);
    } catch (error) {
      throw new SubtitleError(
        'subtitle_read_failed',
        `Could not read the subtitle file ${best.file.relativePath}: ${(error as Error).message}`,
        {
          retryable: true,
          cause: error,
        },
      );
    }
    return {
      season: isMovie ? null : query.season,
      episode: isMovie ? null : query.episode,
      language: best.language ?? query.language,
      srt: decodeSubtitle(bytes),
      origin: best.file.relativePath,
    };
  }

  async available(query: SubtitleQuery, signal: AbortSignal): Promise<SubtitleEpisodeRef[]> {
    throwIfAborted(signal);
    if (query.season === null) return [];
    const season = query.season;
    const files = this.rank(this.showFiles(await this.entries(signal), query), query.language).filter(
      (c) => c.parsed.season === season,
    );
    const episodes = new Set<number>();
    for (const { parsed } of files) {
      for (let e = parsed.episode!; e <= (parsed.episodeEnd ?? parsed.episode!); e++) episodes.add(e);
    }
    return [...episodes].sort((a, b) => a - b).map((episode) => ({ season, episode }));
  }
}
