/**
 * Which titles a person chose to rip or leave out while the job waited at identification (the
 * review's include / skip on a title not yet ripped). Identifying again scans the source anew and
 * replaces the titles: these choices are carried over to the same titles (same index and length),
 * after the identifiers' hints, so a person's word wins over a rule.
 */
import type { JobRecord, TitlePatch, TitleRecord } from '../persistence/records.ts';

export interface RipChoice {
  titleIndex: number;
  durationSeconds: number;
  rip: boolean;
  reason: string | null;
}

/** The choices a person made on titles not ripped yet. */
export function ripChoicesOf(titles: readonly TitleRecord[]): RipChoice[] {
  return titles
    .filter((t) => t.state === 'pending' && (t.included || t.discardedBy === 'person'))
    .map((t) => ({
      titleIndex: t.titleIndex,
      durationSeconds: t.durationSeconds,
      rip: t.discardedBy !== 'person',
      reason: t.discardReason,
    }));
}

/** The patch that applies a person's choice to a freshly scanned title, or null when none applies. */
export function ripChoicePatch(title: TitleRecord, choices: readonly RipChoice[]): TitlePatch | null {
  const choice = choices.find(
    (c) => c.titleIndex === title.titleIndex && Math.abs(c.durationSeconds - title.durationSeconds) <= 1,
  );
  if (!choice) return null;
  return choice.rip
    ? { selected: true, included: true, discardReason: null, discardedBy: null }
    : {
        selected: false,
        included: false,
        discardReason: choice.reason ?? 'skipped by a person',
        discardedBy: 'person',
      };
}

/**
 * "Ask which titles to rip": an identified job (the setting `ask_which_titles_to_rip`, or the
 * import's own `ask_which_titles`) stops before ripping until a person ticks the titles and goes on.
 */
export function asksWhichTitles(
  config: { ask_which_titles_to_rip?: boolean },
  job: Pick<JobRecord, 'askTitles'>,
): boolean {
  return job.askTitles || config.ask_which_titles_to_rip === true;
}

/** The review reason of a job held for the choice: how many titles are ticked (at first, as the rules would rip them). */
export function ripChoiceReason(titles: readonly TitleRecord[]): string {
  const pending = titles.filter((t) => t.state === 'pending');
  const ripped = pending.filter((t) => t.selected && t.discardedBy === null).length;
  return `Choose the titles to rip: ${ripped} of ${pending.length} title(s) ticked. Tick the ones you want, short ones included, then rip them.`;
}
