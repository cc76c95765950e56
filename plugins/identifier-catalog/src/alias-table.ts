/**
 * Abbreviations and nicknames that labels use for titles (`DS9` → Star Trek: Deep Space Nine).
 * The built-in table is extended (and overridden) by the plugin setting `aliases`, where a user can
 * also name a catalogue-number label (`BBCDVD1550` → "Planet Earth").
 */
import { normalizeName, wordsOf } from './name-similarity.ts';

export const BUILT_IN_ALIASES: Readonly<Record<string, string>> = {
  DS9: 'Star Trek: Deep Space Nine',
  TNG: 'Star Trek: The Next Generation',
  STTNG: 'Star Trek: The Next Generation',
  TOS: 'Star Trek',
  VOY: 'Star Trek: Voyager',
  ENT: 'Star Trek: Enterprise',
  BSG: 'Battlestar Galactica',
  GOT: 'Game of Thrones',
  HIMYM: 'How I Met Your Mother',
  TBBT: 'The Big Bang Theory',
  IASIP: "It's Always Sunny in Philadelphia",
  TWD: 'The Walking Dead',
  SG1: 'Stargate SG-1',
  SGA: 'Stargate Atlantis',
  BTVS: 'Buffy the Vampire Slayer',
  XFILES: 'The X-Files',
  LOTR: 'The Lord of the Rings',
  FOTR: 'The Lord of the Rings: The Fellowship of the Ring',
  TTT: 'The Lord of the Rings: The Two Towers',
  ROTK: 'The Lord of the Rings: The Return of the King',
  MASH: 'M*A*S*H',
  B5: 'Babylon 5',
  SPN: 'Supernatural',
  FMA: 'Fullmetal Alchemist',
  FMAB: 'Fullmetal Alchemist: Brotherhood',
  DBZ: 'Dragon Ball Z',
  NGE: 'Neon Genesis Evangelion',
  TMNT: 'Teenage Mutant Ninja Turtles',
};

const keyOf = (text: string) => normalizeName(text).replace(/ /g, '').toUpperCase();

export class AliasTable {
  private readonly table = new Map<string, string>();

  constructor(user: Record<string, unknown> = {}) {
    for (const [key, value] of Object.entries(BUILT_IN_ALIASES)) this.table.set(keyOf(key), value);
    for (const [key, value] of Object.entries(user))
      if (typeof value === 'string' && value.trim() !== '') this.table.set(keyOf(key), value.trim());
  }

  /** The whole label (or catalogue number) as an alias, else null. */
  whole(text: string): string | null {
    return this.table.get(keyOf(text)) ?? null;
  }

  /**
   * The label with an abbreviated word replaced by its expansion: "Star Trek DS9" → "Star Trek:
   * Deep Space Nine" (words the expansion already has are not repeated). Null when no word is one.
   */
  expand(title: string): string | null {
    const whole = this.whole(title);
    if (whole) return whole;
    const words = normalizeName(title).split(' ').filter(Boolean);
    const index = words.findIndex((w) => this.table.has(keyOf(w)));
    if (index < 0) return null;
    const expansion = this.table.get(keyOf(words[index]!))!;
    const covered = new Set(wordsOf(expansion));
    const rest = words.filter((w, i) => i !== index && !covered.has(w));
    return [expansion, ...rest].join(' ');
  }
}
