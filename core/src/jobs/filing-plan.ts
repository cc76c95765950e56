/**
 * "Always ask before filing": a job about to be filed stops in review with its plan (which titles
 * go into the library, which stay out) until a person approves it.
 */
import type { AppConfig } from '../config/app-config-fields.ts';
import type { TitleRecord } from '../persistence/records.ts';

export function asksBeforeFiling(config: Pick<AppConfig, 'always_ask_before_filing'>): boolean {
  return config.always_ask_before_filing === true;
}

/** The review reason of a job held before filing: what would be filed and what stays out. */
export function filingPlanReason(titles: readonly TitleRecord[]): string {
  const filed = titles.filter((t) => !t.discardReason && t.state === 'matched').length;
  const left = titles.filter((t) => t.discardReason).length;
  const out = left > 0 ? `, ${left} left out` : '';
  return `Check the plan before filing: ${filed} title(s) would be filed into the library${out}. Approve the plan to file them.`;
}
