/** Formatting and parsing of episode codes (`S01E02`, `S01E02-E03`) shared by core and plugins. */
export interface EpisodeCode {
  season: number;
  episode: number;
  episodeEnd: number | null;
}

const CODE = /^S(\d{2,3})E(\d{2,3})(?:-E(\d{2,3}))?$/;

export function formatEpisodeCode(season: number, episode: number, episodeEnd: number | null = null): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const base = `S${pad(season)}E${pad(episode)}`;
  return episodeEnd !== null && episodeEnd !== episode ? `${base}-E${pad(episodeEnd)}` : base;
}

export function parseEpisodeCode(code: string): EpisodeCode | null {
  const m = CODE.exec(code);
  if (!m) return null;
  return { season: Number(m[1]), episode: Number(m[2]), episodeEnd: m[3] === undefined ? null : Number(m[3]) };
}
