/**
 * Public-domain dialogue for generated episodes: the King James Bible from Debian's bible-kjv
 * package (`bible -f <ref>`). Each passage is a different book or chapter, so episodes have
 * distinct vocabulary the way real episodes do.
 */
import { execFileSync } from 'node:child_process';

/** Distinct passages, one per generated episode (enough for a 24-episode season). */
export const PASSAGES = [
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

/** Unrelated to every episode: the text of the generated "extra". */
export const EXTRA_PASSAGE = 'Ecclesiastes3:1-22';

/** The passage's verses, each without its reference (`Ruth1:1`), blank lines dropped. */
export function passageVerses(reference: string): string[] {
  const out = execFileSync('bible', ['-f', reference], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((line) => line.replace(/^\S+:\d+\s+/, '').trim())
    .filter(Boolean);
}

export function passageText(reference: string): string {
  return passageVerses(reference).join(' ');
}

/** Sentences of at most `maxWords` words in total. */
export function sentences(text: string, maxWords: number): string[] {
  const parts = text.match(/[^.;:!?]+[.;:!?]+/g) ?? [text];
  const out: string[] = [];
  let words = 0;
  for (const raw of parts) {
    const sentence = raw.trim();
    const n = sentence.split(/\s+/).length;
    if (words + n > maxWords && out.length > 0) break;
    out.push(sentence);
    words += n;
  }
  return out;
}
