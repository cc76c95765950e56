/**
 * TMDB-like title search for the test catalogs (the local TMDB server and the in-memory catalog):
 * a name matches when every query word is the start of one of its words, accents and punctuation aside.
 */
const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** True when one of the names (an undefined one never matches) answers the query. */
export function matchesCatalogQuery(query: string, ...names: (string | undefined)[]): boolean {
  const q = words(query);
  return (
    q.length > 0 && names.some((name) => name !== undefined && q.every((w) => words(name).some((n) => n.startsWith(w))))
  );
}
