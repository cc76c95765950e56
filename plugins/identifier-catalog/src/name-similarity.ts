/**
 * How alike a cleaned volume label and a catalog name are, 0–1. Several measures, the best one
 * wins: word overlap (Dice over word sets), letter pairs of the names without spaces (for
 * `SHOWNAME` vs "Show Name"), initials (`GOT` vs "Game of Thrones"), and letters in order
 * (`CHRISCRL` vs "A Christmas Carol", capped low: a hint, not proof). The features of a name are
 * computed once (`nameFeatures`) so one label can be compared with many candidates cheaply.
 */
const ARTICLES = new Set(['the', 'a', 'an']);
const STOP_WORDS = new Set(['the', 'a', 'an', 'of', 'and', 'in', 'on', 'to', 'for']);

export function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’‘`´]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function wordsOf(text: string): string[] {
  return meaningful(normalizeName(text).split(' ').filter(Boolean));
}

function meaningful(words: string[]): string[] {
  const kept = words.filter((w) => !STOP_WORDS.has(w));
  return kept.length > 0 ? kept : words;
}

export interface NameFeatures {
  normalized: string;
  /** Meaningful words, as a set. */
  words: Set<string>;
  /** Without spaces and a leading article. */
  compact: string;
  /** Letter pairs of `compact`, with counts. */
  pairs: Map<string, number>;
  pairCount: number;
  /** Initials of all words and of the meaningful ones (numbers kept whole). */
  initials: [string, string];
}

export function nameFeatures(text: string): NameFeatures {
  const normalized = normalizeName(text);
  const all = normalized.split(' ').filter(Boolean);
  const compact = all.filter((w, i) => !(i === 0 && ARTICLES.has(w))).join('');
  const pairs = new Map<string, number>();
  for (let i = 0; i < compact.length - 1; i++) {
    const pair = compact.slice(i, i + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  const initialsOf = (ws: string[]) => ws.map((w) => (/^\d+$/.test(w) ? w : w[0])).join('');
  return {
    normalized,
    words: new Set(meaningful(all)),
    compact,
    pairs,
    pairCount: Math.max(0, compact.length - 1),
    initials: [initialsOf(all), initialsOf(all.filter((w) => !STOP_WORDS.has(w)))],
  };
}

function wordDice(a: NameFeatures, b: NameFeatures): number {
  if (a.words.size === 0 || b.words.size === 0) return 0;
  let common = 0;
  for (const w of a.words) if (b.words.has(w)) common++;
  return (2 * common) / (a.words.size + b.words.size);
}

/** Dice over letter pairs, counting repeats, of the names without spaces. */
function pairDice(a: NameFeatures, b: NameFeatures): number {
  if (a.pairCount === 0 || b.pairCount === 0) return a.compact === b.compact && a.compact !== '' ? 1 : 0;
  let common = 0;
  for (const [pair, n] of a.pairs) common += Math.min(n, b.pairs.get(pair) ?? 0);
  return (2 * common) / (a.pairCount + b.pairCount);
}

function initialsMatch(label: NameFeatures, name: NameFeatures): boolean {
  const l = label.compact;
  if (l.length < 2 || l.length > 6 || label.normalized.includes(' ')) return false;
  return name.initials[0] === l || name.initials[1] === l;
}

/** Letters of the label, in order, within the name, starting at its first letter. */
function inOrderRatio(label: NameFeatures, name: NameFeatures): number {
  const l = label.compact;
  const n = name.compact;
  if (l.length < 4 || n.length === 0 || l[0] !== n[0]) return 0;
  let j = 0;
  for (const ch of n) if (ch === l[j]) j++;
  return j === l.length ? l.length / n.length : 0;
}

export function compareNames(label: NameFeatures, name: NameFeatures): number {
  if (label.normalized === '' || name.normalized === '') return 0;
  if (label.compact === name.compact) return 1;
  const ratio = inOrderRatio(label, name);
  return Math.max(
    wordDice(label, name),
    pairDice(label, name),
    initialsMatch(label, name) ? 0.9 : 0,
    ratio > 0 ? Math.min(0.7, 0.3 + 0.6 * ratio) : 0,
  );
}

export function nameSimilarity(label: string, name: string): number {
  return compareNames(nameFeatures(label), nameFeatures(name));
}
