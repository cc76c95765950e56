/** A synthetic season of reference subtitles for unit tests, from distinct public-domain passages. */
import type { ReferenceSubtitle } from '@spindle/plugin-sdk';
import { execFileSync } from 'node:child_process';

const PASSAGES = [
  'Ruth1:1-22',
  'Jonah1:1-17',
  'Esther2:1-23',
  'Job1:1-22',
  'Daniel3:1-30',
  'Mark5:1-43',
  'Acts27:1-44',
  'Genesis37:1-36',
  'Exodus14:1-31',
  'Judges16:1-31',
  '1Samuel17:1-58',
  '1Kings3:1-28',
  'Nehemiah2:1-20',
  'Luke15:1-32',
  'John11:1-44',
  'Acts9:1-31',
  'Genesis22:1-24',
  'Joshua6:1-27',
  '2Kings5:1-27',
  'Daniel6:1-28',
  'Matthew14:1-36',
  'Luke10:25-42',
  'Acts12:1-25',
  'Jonah3:1-10',
];

/** Each verse becomes a 6-second cue. Needs Debian's bible-kjv (installed by the test setup). */
export function syntheticSeason(episodes: number): ReferenceSubtitle[] {
  return PASSAGES.slice(0, episodes).map((passage, i) => {
    const verses = execFileSync('bible', ['-f', passage], { encoding: 'utf8' })
      .split('\n')
      .map((l) => l.replace(/^\S+:\d+\s+/, '').trim())
      .filter(Boolean);
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
