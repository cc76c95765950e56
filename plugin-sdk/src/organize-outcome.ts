/** What an organizer's apply() reports for the planned moves that move no file. */
import type { OrganizedTitle, PlannedMove } from './values.ts';

/** A planned move that moves a file: action `move` with a target. */
export function movesFile(move: PlannedMove): move is PlannedMove & { action: 'move'; to: string } {
  return move.action === 'move' && move.to !== null;
}

/**
 * The outcome of a planned move that moves no file: a planned review stays `review`, anything else
 * (a skip, a move without a target) is `skipped`; the plan's reason is the message.
 */
export function unmovedTitle(move: PlannedMove): OrganizedTitle {
  return {
    titleIndex: move.titleIndex,
    status: move.action === 'review' ? 'review' : 'skipped',
    path: null,
    message: move.reason,
  };
}
