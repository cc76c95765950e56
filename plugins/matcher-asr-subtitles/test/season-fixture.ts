/** A synthetic season of reference subtitles for unit tests, from distinct public-domain passages. */
import type { ReferenceSubtitle } from '@spindle/plugin-sdk';
import { PASSAGES, passageVerses } from '../../../test/corpus/public-domain-text.ts';

/** Each verse becomes a 6-second cue. Needs Debian's bible-kjv (installed by the test setup). */
export function syntheticSeason(episodes: number): ReferenceSubtitle[] {
  return PASSAGES.slice(0, episodes).map((passage, i) => {
    const verses = passageVerses(passage);
    const cues = verses.map((text, v) => ({ start: v * 6, end: v * 6 + 5.5, text }));
    return { season: 1, episode: i + 1, name: null, runtimeMinutes: null, text: verses.join(' '), cues };
  });
}

/** Replaces, drops or inserts words so that about `rate` of them are wrong (seeded). */
export function injectWordErrors(text: string, rate: number, seed: number, vocabulary: readonly string[]): string {
  let a = seed >>> 0;
  const random = () => {
    a = (a * 1664525 + 1013904223) >>> 0;
    return a / 4294967296;
  };
  const out: string[] = [];
  for (const word of text.split(/\s+/)) {
    if (random() >= rate) {
      out.push(word);
      continue;
    }
    const kind = random();
    if (kind < 0.5)
      out.push(vocabulary[Math.floor(random() * vocabulary.length)]!); // substitution
    else if (kind < 0.75)
      continue; // deletion
    else out.push(word, vocabulary[Math.floor(random() * vocabulary.length)]!); // insertion
  }
  return out.join(' ');
}
