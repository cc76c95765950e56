/**
 * Lines of a title's picture, read from the resolution as a ripper or prober writes it ("2160p", "1920x1080", "4K",
 * "576i"); 0 when unknown. Shared by the identifiers and matchers that compare titles' pictures: a disc carries its
 * film at its best picture.
 */
export function resolutionHeight(resolution: string | null | undefined): number {
  if (!resolution) return 0;
  const text = resolution.toLowerCase();
  if (/\b(?:4k|uhd)\b/.test(text)) return 2160;
  const wxh = /(\d{3,4})\s*x\s*(\d{3,4})/.exec(text);
  if (wxh) return Number(wxh[2]);
  const p = /(\d{3,4})\s*[pi]\b/.exec(text);
  return p ? Number(p[1]) : 0;
}

/**
 * The titles at the best picture among them (and those whose picture is unknown, 0): a disc carries its film at its
 * best picture, so a long title of a lower one (a 1080p making-of on a 4K disc) is no cut of the film.
 */
export function atBestPicture<T>(titles: readonly T[], height: (t: T) => number): T[] {
  const best = Math.max(0, ...titles.map(height));
  return titles.filter((t) => height(t) === 0 || height(t) === best);
}
