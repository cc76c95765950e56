/**
 * Title states (badges PENDING, RIPPING, QUEUED, MATCHING, MATCHED, REVIEW, OK, FAIL) and their
 * allowed transitions. Pure.
 */
import type { TitleState } from '@spindle/plugin-sdk';

export const TITLE_STATES: readonly TitleState[] = [
  'pending',
  'ripping',
  'queued',
  'matching',
  'matched',
  'review',
  'completed',
  'failed',
];

export const TITLE_BADGES: Readonly<Record<TitleState, string>> = {
  pending: 'PENDING',
  ripping: 'RIPPING',
  queued: 'QUEUED',
  matching: 'MATCHING',
  matched: 'MATCHED',
  review: 'REVIEW',
  completed: 'OK',
  failed: 'FAIL',
};

const ALLOWED: Readonly<Record<TitleState, readonly TitleState[]>> = {
  pending: ['ripping', 'queued', 'completed', 'failed'],
  ripping: ['queued', 'pending', 'failed'],
  queued: ['matching', 'failed'],
  // matching → queued happens when a restart puts an interrupted match back in line.
  matching: ['matched', 'review', 'queued', 'failed'],
  matched: ['completed', 'review', 'failed'],
  // review → queued: new reference subtitles arrived, so the title is matched again.
  review: ['matched', 'queued', 'completed', 'failed'],
  // completed → queued / matched: a title left out of the library is matched again, or put back in by a person.
  completed: ['queued', 'matched'],
  // failed → pending / queued / matched: a retry rips, matches or organizes it again.
  failed: ['pending', 'queued', 'matched'],
};

export function canTransitionTitle(from: TitleState, to: TitleState): boolean {
  return from === to || ALLOWED[from].includes(to);
}
