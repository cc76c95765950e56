/**
 * Builds a small ARPA bigram language model from reference text, restricted to words the
 * pronunciation dictionary knows. Absolute discounting (D = 0.5) with back-off to unigrams.
 * Biasing the recognizer towards the season's dialogue is fair: every candidate episode's text is
 * in the model, so none is favoured over another.
 */
const DISCOUNT = 0.5;

export function tokenizeForModel(text: string): string[][] {
  return text
    .toLowerCase()
    .split(/[.!?;:\n]+/)
    .map((sentence) => sentence.match(/[a-z]+(?:'[a-z]+)?/g) ?? [])
    .filter((words) => words.length > 0);
}

const log10 = (x: number) => Math.log10(x).toFixed(4);

export function buildArpa(text: string, known: (word: string) => boolean): { arpa: string; vocabulary: number } {
  const sentences = tokenizeForModel(text)
    .map((s) => s.filter(known))
    .filter((s) => s.length > 0);
  const unigrams = new Map<string, number>();
  const bigrams = new Map<string, Map<string, number>>();
  const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const sentence of sentences) {
    const padded = ['<s>', ...sentence, '</s>'];
    for (let i = 0; i < padded.length; i++) {
      bump(unigrams, padded[i]!);
      if (i > 0) {
        let next = bigrams.get(padded[i - 1]!);
        if (!next) bigrams.set(padded[i - 1]!, (next = new Map()));
        bump(next, padded[i]!);
      }
    }
  }
  if (sentences.length === 0) throw new Error('the reference text has no word the dictionary knows');
  const total = [...unigrams].filter(([w]) => w !== '<s>').reduce((n, [, c]) => n + c, 0);
  const lines: string[] = [
    '\\data\\',
    `ngram 1=${unigrams.size}`,
    `ngram 2=${[...bigrams.values()].reduce((n, m) => n + m.size, 0)}`,
    '',
    '\\1-grams:',
  ];
  for (const [word, count] of unigrams) {
    const prob = word === '<s>' ? '-99' : log10(count / total);
    const followers = bigrams.get(word);
    const backoff = followers
      ? log10((DISCOUNT * followers.size) / [...followers.values()].reduce((a, b) => a + b, 0))
      : null;
    lines.push(backoff === null ? `${prob} ${word}` : `${prob} ${word} ${backoff}`);
  }
  lines.push('', '\\2-grams:');
  for (const [first, followers] of bigrams) {
    const seen = [...followers.values()].reduce((a, b) => a + b, 0);
    for (const [second, count] of followers) lines.push(`${log10((count - DISCOUNT) / seen)} ${first} ${second}`);
  }
  lines.push('', '\\end\\', '');
  return { arpa: lines.join('\n'), vocabulary: unigrams.size - 2 };
}
