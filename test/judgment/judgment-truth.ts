/** What a title of a real disc really is, read from its TheDiscDB record. */
import type { ExtraType } from '@spindle/plugin-sdk';
import type { TruthTitle } from './judgment-discs.ts';

/** TheDiscDB types of extras that name a specific kind, and the kind Spindle uses for each. */
const TYPED_EXTRAS: Record<string, ExtraType> = {
  DeletedScene: 'deleted_scene',
  Trailer: 'trailer',
  Featurette: 'featurette',
  Short: 'short',
  BehindTheScenes: 'behind_the_scenes',
  Interview: 'interview',
  Scene: 'scene',
};

/**
 * What a title really is. TheDiscDB records a few things loosely, corrected here by stated rules:
 * an "Episode" item named "Play All" or spanning several episodes ("1-8") is a Play All; an "Episode"
 * item named "... Deleted Scene ..." is a deleted scene.
 */
export function truthOf(t: TruthTitle): {
  role: 'episode' | 'play_all' | 'main' | 'extra' | 'none';
  keys: string[];
  extraType: ExtraType | null;
} {
  const item = t.Item;
  if (!item) return { role: 'none', keys: [], extraType: null };
  if (item.Type === 'Episode') {
    const name = item.Title ?? '';
    if (/play all/i.test(name)) return { role: 'play_all', keys: [], extraType: null };
    if (/deleted scene/i.test(name)) return { role: 'extra', keys: [], extraType: 'deleted_scene' };
    const range = /^(\d+)-(\d+)$/.exec(item.Episode ?? '');
    // A range of more than two episodes is a Play All; "6-7" is one double-length episode (episodes 6 and 7).
    if (range && Number(range[2]) - Number(range[1]) >= 2) return { role: 'play_all', keys: [], extraType: null };
    const season = item.Season ?? '?';
    const numbers = range ? [Number(range[1]), Number(range[2])] : [item.Episode ?? `#${t.Index}`];
    return { role: 'episode', keys: numbers.map((n) => `${season}x${n}`), extraType: null };
  }
  if (item.Type === 'MainMovie') return { role: 'main', keys: [], extraType: null };
  return { role: 'extra', keys: [], extraType: TYPED_EXTRAS[item.Type] ?? null };
}
