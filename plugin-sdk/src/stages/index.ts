import type { Contributor } from './contributor.ts';
import type { Detector } from './detector.ts';
import type { Identifier } from './identifier.ts';
import type { Matcher } from './matcher.ts';
import type { Organizer } from './organizer.ts';
import type { Ripper } from './ripper.ts';

export type * from './contributor.ts';
export type * from './detector.ts';
export type * from './identifier.ts';
export type * from './matcher.ts';
export type * from './organizer.ts';
export type * from './ripper.ts';

export const STAGE_KINDS = ['detector', 'identifier', 'ripper', 'matcher', 'organizer', 'contributor'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];

/** Stage kind → the interface an implementation of it must satisfy. */
export interface StageMap {
  detector: Detector;
  identifier: Identifier;
  ripper: Ripper;
  matcher: Matcher;
  organizer: Organizer;
  contributor: Contributor;
}
