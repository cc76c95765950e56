/**
 * Dialogue for the degradation corpus, written by a seeded grammar (no borrowed text): each
 * episode has its own topic words, and every season has a cast whose names and catch phrases
 * recur in every episode — the way real series repeat themselves, so a matcher cannot lean on
 * a name alone. Also the "condenser" that turns spoken lines into the subtitles a disc carries:
 * about a quarter of the words dropped, lines merged, synonyms and contractions, numbers as digits.
 */

export type Random = () => number;

/** mulberry32 */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Random, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

function sample<T>(r: Random, list: readonly T[], n: number): T[] {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

const NOUNS = (
  'anchor apple badge barrel basket battery beacon blanket boat bottle bracelet bridge bucket cabin camera candle canoe carpet ' +
  'castle cellar chimney clock compass cottage crown curtain diamond diary engine envelope factory feather fence fountain furnace ' +
  'garden glove hammer harbour helmet hospital island jacket kettle kitchen ladder lantern letter library lighthouse locket machine ' +
  'mirror motor museum necklace needle notebook orchard painting parcel piano pillow pistol planet pocket potato pumpkin radio ' +
  'railway ribbon rifle saddle sandwich satellite scarf sculpture shovel signal silver statue stove submarine suitcase sword ' +
  'telescope tent ticket tower tractor trumpet tunnel umbrella valley violin wagon wallet whistle window wizard workshop ' +
  'airport balloon bicycle blizzard cathedral cheese circus desert dinosaur dolphin elephant forest glacier guitar hurricane ' +
  'jungle kingdom magnet meadow medal monkey mountain ocean oven parrot penguin pyramid rabbit rocket salmon scissors spider ' +
  'stadium tiger tornado turtle volcano waterfall whale zebra carnival pharmacy bakery laundry warehouse vineyard quarry'
).split(' ');
const VERBS = (
  'borrowed buried carried cleaned counted delivered discovered dropped fixed followed found hid lifted locked lost moved ' +
  'opened painted polished repaired returned sold stole swapped tested threw traded unlocked wrapped guarded measured ' +
  'photographed rescued sharpened smuggled weighed welded whispered about loaded emptied chased climbed crossed'
).split(' ');
const ADJECTIVES = (
  'ancient broken bright crooked dusty enormous fragile frozen golden heavy hollow narrow polished rusty secret shiny ' +
  'silent slippery smoky tiny wooden crimson purple orange striped gigantic muddy sticky wobbly glowing'
).split(' ');
const PLACES = (
  'the old mill|the train station|the north pier|the village square|the boarding school|the fire station|the post office|' +
  'the county fair|the lumber yard|the police station|the ferry dock|the bus depot|the abandoned mine|the flower market'
).split('|');
const NUMBERS = ['two', 'three', 'four', 'seven', 'ten', 'twelve', 'fifteen', 'twenty', 'forty', 'ninety'];

const CASTS = [
  {
    names: ['Margaret', 'Tobias', 'Inspector Hale', 'Rosie'],
    phrases: [
      'we have to get back before dark',
      'what would your mother say',
      'I told you this would happen',
      'nobody leaves this town',
    ],
  },
  {
    names: ['Captain Reyes', 'Dorothy', 'Felix', 'Professor Quill'],
    phrases: ['keep your voice down', 'this is not over yet', 'the sea always remembers', 'I do not trust him'],
  },
];

const TEMPLATES: ((w: Vocabulary, r: Random) => string)[] = [
  (w, r) =>
    `${pick(r, w.names)} ${pick(r, w.verbs)} the ${pick(r, w.adjectives)} ${pick(r, w.nouns)} near ${pick(r, w.places)}.`,
  (w, r) => `I do not think the ${pick(r, w.nouns)} was ever in ${pick(r, w.places)}.`,
  (w, r) => `${pick(r, w.names)}, you are going to need the ${pick(r, w.nouns)} and the ${pick(r, w.nouns)}.`,
  (w, r) => `There are ${pick(r, NUMBERS)} ${pick(r, w.nouns)}s in the ${pick(r, w.adjectives)} ${pick(r, w.nouns)}.`,
  (w, r) => `Why would anyone hide a ${pick(r, w.nouns)} inside a ${pick(r, w.nouns)}?`,
  (w, r) =>
    `It is very ${pick(r, w.adjectives)}, just like the ${pick(r, w.nouns)} ${pick(r, w.names)} ${pick(r, w.verbs)}.`,
  (w, r) => `We cannot go to ${pick(r, w.places)} without the ${pick(r, w.nouns)}.`,
  (w, r) =>
    `She really ${pick(r, w.verbs)} a ${pick(r, w.nouns)} and then a ${pick(r, w.adjectives)} ${pick(r, w.nouns)}.`,
  (w, r) => `I am sure the ${pick(r, w.nouns)} belongs to ${pick(r, w.names)}.`,
  (w, r) => `Let us wait for ${pick(r, w.names)} by the ${pick(r, w.nouns)}.`,
];

interface Vocabulary {
  names: readonly string[];
  phrases: readonly string[];
  nouns: string[];
  verbs: string[];
  adjectives: string[];
  places: string[];
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** `count` spoken lines of one episode; `topicSeed` picks its topic words. */
export function episodeLines(castIndex: number, topicSeed: number, count: number): string[] {
  const r = seeded(topicSeed);
  const cast = CASTS[castIndex % CASTS.length]!;
  const w: Vocabulary = {
    names: cast.names,
    phrases: cast.phrases,
    nouns: sample(r, NOUNS, 22),
    verbs: sample(r, VERBS, 10),
    adjectives: sample(r, ADJECTIVES, 8),
    places: sample(r, PLACES, 3),
  };
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    if (r() < 0.15) lines.push(`${capitalise(pick(r, w.phrases))}, ${pick(r, w.names)}.`);
    else lines.push(capitalise(pick(r, TEMPLATES)(w, r)));
  }
  return lines;
}

/** An extra's narration: talks about the cast (their names recur) but shares no episode's topic. */
export function extraLines(castIndex: number, count: number, seed: number): string[] {
  const r = seeded(seed);
  const cast = CASTS[castIndex % CASTS.length]!;
  const about = [
    'rehearsal',
    'costume',
    'lighting',
    'makeup',
    'script',
    'director',
    'producer',
    'studio',
    'audition',
    'location scout',
    'camera crew',
    'soundtrack',
  ];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = pick(r, cast.names);
    out.push(
      capitalise(
        pick(r, [
          `Playing ${name} meant a long ${pick(r, about)} every morning.`,
          `The ${pick(r, about)} for season one took about ${pick(r, NUMBERS)} weeks.`,
          `Everyone on the ${pick(r, about)} loved working with the ${pick(r, about)}.`,
          `We shot most of the ${pick(r, about)} scenes late at night.`,
        ]),
      ),
    );
  }
  return out;
}

const SYNONYMS: Record<string, string> = {
  enormous: 'huge',
  tiny: 'small',
  discovered: 'found out',
  frozen: 'icy',
  ancient: 'old',
  gigantic: 'huge',
  repaired: 'mended',
  rescued: 'saved',
  shiny: 'bright',
  purchased: 'bought',
  really: 'truly',
  think: 'believe',
  anyone: 'someone',
  very: 'so',
  need: 'want',
  wait: 'hold on',
  sure: 'certain',
  hide: 'stash',
  silent: 'quiet',
  heavy: 'weighty',
};
const CONTRACTIONS: [RegExp, string][] = [
  [/\bI do not\b/g, "I don't"],
  [/\bdo not\b/g, "don't"],
  [/\bI am\b/g, "I'm"],
  [/\bwe have\b/gi, "we've"],
  [/\bcannot\b/g, "can't"],
  [/\bIt is\b/g, "It's"],
  [/\bis not\b/g, "isn't"],
  [/\bLet us\b/g, "Let's"],
  [/\byou are\b/g, "you're"],
  [/\bThere are\b/g, "There're"],
  [/\bgoing to\b/g, 'gonna'],
];
const DIGITS: Record<string, string> = {
  two: '2',
  three: '3',
  four: '4',
  seven: '7',
  ten: '10',
  twelve: '12',
  fifteen: '15',
  twenty: '20',
  forty: '40',
  ninety: '90',
};
const KEEP = new Set(['not', "don't", "can't", "isn't"]);

/** One spoken line as a condensed subtitle: contractions, digits, synonyms, ~25 % of words dropped. */
export function condense(line: string, r: Random): string {
  let text = line;
  for (const [pattern, replacement] of CONTRACTIONS) text = text.replace(pattern, replacement);
  const words = text.split(/\s+/).map((word) => {
    const bare = word.toLowerCase().replace(/[^a-z']/g, '');
    const tail = word.slice(word.replace(/[.,?!]+$/, '').length);
    if (DIGITS[bare]) return DIGITS[bare] + tail;
    if (SYNONYMS[bare] && r() < 0.7) return SYNONYMS[bare] + tail;
    return word;
  });
  const kept = words.filter(
    (word, i) => i === 0 || i === words.length - 1 || KEEP.has(word.toLowerCase()) || r() >= 0.27,
  );
  return kept.join(' ');
}
