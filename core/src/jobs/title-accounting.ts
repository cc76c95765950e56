/**
 * Every title is accounted for: it reached the library (filed), it was left out for a stated
 * reason (discarded, by a rule, by a setting the person chose, or by a person), it failed, or it is
 * still on its way. Pure functions: the outcome of a title, the reason and decider of a discard, and
 * the sentence a job that would file nothing shows its reviewer.
 */
import type { AppConfig } from '../config/app-config-fields.ts';
import type { DiscardedBy, TitleRecord } from '../persistence/records.ts';

export type TitleOutcome = 'filed' | 'discarded' | 'pending' | 'failed';

/** The kinds of discarded titles a person can let cleanup delete (`discard_files_of`). */
export type DiscardKind = AppConfig['discard_files_of'][number];

export function titleOutcome(title: TitleRecord): TitleOutcome {
  if (title.organizedPath) return 'filed';
  if (title.discardReason) return 'discarded';
  if (title.state === 'failed') return 'failed';
  return 'pending';
}

/** Whether a cleanup may delete the title's file: only when a person decided (in review, or by a setting). */
export function fileMayBeDeleted(title: TitleRecord): boolean {
  return title.discardedBy === 'person' || title.discardedBy === 'setting';
}

/** Who left out a title of this kind by rule: the person's `discard_files_of` setting, or the rule alone. */
export function deciderFor(kind: DiscardKind | null, config: Pick<AppConfig, 'discard_files_of'>): DiscardedBy {
  return kind !== null && config.discard_files_of.includes(kind) ? 'setting' : 'rule';
}

/** A title an identifier said not to rip: why, in words, and which kind of discard it is. */
export function hintDiscard(
  role: string | null,
  reason: string | undefined,
): { reason: string; kind: DiscardKind | null } {
  const why = reason?.trim();
  switch (role) {
    case 'play_all':
      return { reason: why ? `Play All (${why})` : 'Play All', kind: 'play_all' };
    case 'short':
      return { reason: why ?? 'a short clip', kind: 'short' };
    case 'extra':
      if (why?.startsWith('duplicate')) return { reason: why, kind: 'duplicate' };
      return { reason: why ? `extra, not ripped (${why})` : 'extra, not ripped', kind: 'extra' };
    default:
      return { reason: why ?? 'not ripped (identifier decision)', kind: null };
  }
}

/** An organizer's skip: why, and which kind of discard it is. */
export function organizeDiscard(reason: string | null, isExtra: boolean): { reason: string; kind: DiscardKind | null } {
  const why = reason ?? 'left out by the organizer';
  if (/already exists|already filed|already in place/i.test(why)) return { reason: why, kind: 'duplicate' };
  return { reason: why, kind: isExtra ? 'extra' : null };
}

/** A discard reason without the parts that differ title by title (paths), for grouping. */
function reasonGroup(reason: string): string {
  if (/already exists at|already filed as/i.test(reason)) return 'already in the library';
  return reason;
}

/** "4 titles shorter than 120 s; 3 titles already in the library; 1 title: Play All (…)" — the discards, grouped. */
export function summarizeDiscards(titles: readonly TitleRecord[]): string {
  const groups = new Map<string, number>();
  for (const t of titles)
    if (t.discardReason) groups.set(reasonGroup(t.discardReason), (groups.get(reasonGroup(t.discardReason)) ?? 0) + 1);
  return [...groups]
    .map(([reason, n]) => `${n} title${n === 1 ? '' : 's'}${/^(shorter|already)/.test(reason) ? ' ' : ': '}${reason}`)
    .join('; ');
}

/**
 * The review reason of a job whose titles would all stay out of the library, or null when at least
 * one title is (or will be) filed, or every discard was a person's own decision (they chose it).
 */
export function nothingFiledReason(titles: readonly TitleRecord[], willFile: number): string | null {
  if (willFile > 0 || titles.some((t) => t.organizedPath)) return null;
  const discarded = titles.filter((t) => t.discardReason);
  if (discarded.length === 0 || discarded.every((t) => t.discardedBy === 'person')) return null;
  return `nothing on this disc would be filed: ${summarizeDiscards(discarded)}. Include the titles you want (or give up: your files are kept)`;
}
