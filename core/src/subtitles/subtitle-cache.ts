/**
 * Reference subtitles cached on disk per show and season: `{root}/<show key>/S01/E02.srt`, where the
 * show key is `tmdb-<id>` when the catalog knows the show, else a slug of its name. Raw SRT is kept;
 * cleaning happens when references are built.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ShowKey {
  catalogId: number | null;
  title: string | null;
}

export function showKeyOf(show: ShowKey): string | null {
  if (show.catalogId !== null) return `tmdb-${show.catalogId}`;
  const slug = (show.title ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return slug ? `title-${slug}` : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

export class SubtitleCache {
  constructor(private readonly root: string) {}

  private seasonDir(key: string, season: number): string {
    return join(this.root, key, `S${pad(season)}`);
  }

  async read(key: string, season: number, episode: number): Promise<string | null> {
    return readFile(join(this.seasonDir(key, season), `E${pad(episode)}.srt`), 'utf8').catch(() => null);
  }

  async write(key: string, season: number, episode: number, srt: string): Promise<void> {
    const dir = this.seasonDir(key, season);
    await mkdir(dir, { recursive: true });
    const final = join(dir, `E${pad(episode)}.srt`);
    await writeFile(`${final}.tmp`, srt);
    await rename(`${final}.tmp`, final);
  }

  /** Episode numbers cached for a season. */
  async episodes(key: string, season: number): Promise<number[]> {
    const names = await readdir(this.seasonDir(key, season)).catch(() => [] as string[]);
    return names
      .map((n) => /^E(\d{2,3})\.srt$/.exec(n)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
  }
}
