/** Reading a job's timeline (GET /api/jobs/:id/detail): the states it went through and the notes stages left. */
export interface TimelineEvent {
  from: string;
  to: string;
  message: string;
}

/** The states entered, in order (events that change the state). */
export const statesOf = (timeline: TimelineEvent[]): string[] =>
  timeline.filter((e) => e.from !== e.to).map((e) => e.to);

/** The notes logged without a change of state, in order. */
export const notesOf = (timeline: TimelineEvent[]): string[] =>
  timeline.filter((e) => e.from === e.to).map((e) => e.message);

/** The states of a job held for review that a person then let go on, up to organizing. */
export const THROUGH_REVIEW = ['identifying', 'ripping', 'matching', 'review_needed', 'organizing'];
