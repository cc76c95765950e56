/**
 * Words as both sides can agree on them: subtitles are condensed paraphrases (contractions,
 * digits, plurals) of what is said, and a recognizer writes what it hears. Contractions are
 * spelled out, numbers up to 99 become words, and a light stemmer folds plural and tense endings.
 */

const CONTRACTIONS: Record<string, string> = {
  "don't": 'do not',
  "doesn't": 'does not',
  "didn't": 'did not',
  "can't": 'can not',
  cannot: 'can not',
  "won't": 'will not',
  "isn't": 'is not',
  "aren't": 'are not',
  "wasn't": 'was not',
  "weren't": 'were not',
  "couldn't": 'could not',
  "wouldn't": 'would not',
  "shouldn't": 'should not',
  "haven't": 'have not',
  "hasn't": 'has not',
  "i'm": 'i am',
  "let's": 'let us',
  gonna: 'going to',
  wanna: 'want to',
  gotta: 'got to',
  "it's": 'it is',
  "that's": 'that is',
  "there's": 'there is',
  "what's": 'what is',
};
const SUFFIXES: [string, string][] = [
  ["'re", ' are'],
  ["'ve", ' have'],
  ["'ll", ' will'],
  ["'d", ' would'],
  ["'s", ''],
];

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function numberWords(n: number): string {
  if (n < 20) return ONES[n]!;
  if (n < 100) return TENS[Math.floor(n / 10)]! + (n % 10 ? ` ${ONES[n % 10]}` : '');
  return String(n);
}

/** Folds -s/-es/-ies/-ed/-ing endings so "lanterns", "lantern" and "lanterned" share a stem. */
export function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 5) return word.slice(0, -3);
  if (word.endsWith('ed') && word.length > 4) return word.slice(0, -2);
  if (word.endsWith('es') && /(ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}

/** Lower-case words with contractions spelled out and numbers as words (not yet stemmed). */
export function normalizedWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []) {
    if (/^\d+$/.test(raw)) {
      out.push(...numberWords(Number(raw)).split(' '));
      continue;
    }
    const full = CONTRACTIONS[raw];
    if (full) {
      out.push(...full.split(' '));
      continue;
    }
    const suffix = SUFFIXES.find(([s]) => raw.endsWith(s));
    if (suffix) out.push(...`${raw.slice(0, -suffix[0].length)}${suffix[1]}`.split(' ').filter(Boolean));
    else out.push(raw);
  }
  return out;
}
