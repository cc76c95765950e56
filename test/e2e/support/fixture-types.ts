/** What the end-to-end fixture discs hold: every title with its scan index and its truth (what it is). */
import type { SeasonCorpus } from '../../corpus/season-corpus.ts';

export type TitleTruth =
  | { kind: 'episode'; season: number; episode: number }
  | { kind: 'play_all' }
  | { kind: 'logo' }
  | { kind: 'extra'; name: string }
  | { kind: 'main_movie'; edition: string | null };

export interface FixtureTitle {
  /** The title's number in MakeMKV's scan (with --minlength=0). */
  index: number;
  /** `00800.mpls`, `00007.m2ts`, or the DVD title number `01`. */
  source: string;
  seconds: number;
  sizeBytes: number;
  truth: TitleTruth;
}

export interface FixtureDisc {
  label: string;
  /** The disc's root, as it would be mounted. */
  root: string;
  structure: 'bluray' | 'dvd';
  contentHash: string;
  titles: FixtureTitle[];
}

export interface StagingFixture {
  /** The folder to copy into staging (its name is the volume label). */
  folder: string;
  label: string;
  files: { name: string; seconds: number; truth: TitleTruth }[];
}

export interface E2eFixtures {
  corpus: SeasonCorpus;
  tvBluray: FixtureDisc;
  tvDvd: FixtureDisc;
  movieBluray: FixtureDisc;
  stagingMovie: StagingFixture;
}
