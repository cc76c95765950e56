import type { AiProvider } from './ai.ts';
import type { CatalogProvider } from './catalog.ts';
import type { DiscLookupProvider } from './disc-lookup.ts';
import type { Fingerprinter } from './fingerprinter.ts';
import type { LibraryRefresher } from './library-refresher.ts';
import type { Notifier } from './notifier.ts';
import type { SubtitleProvider } from './subtitles.ts';
import type { Transcriber } from './transcriber.ts';
import type { Transcoder } from './transcoder.ts';

export type * from './ai.ts';
export type * from './catalog.ts';
export type * from './disc-lookup.ts';
export type * from './fingerprinter.ts';
export type * from './library-refresher.ts';
export type * from './notifier.ts';
export type * from './subtitles.ts';
export type * from './transcriber.ts';
export type * from './transcoder.ts';

export const PROVIDER_KINDS = [
  'catalog',
  'disc_lookup',
  'subtitles',
  'transcriber',
  'fingerprinter',
  'ai',
  // Around the pipeline (SDK 1.x additions): post-rip transcoding, job notifications, media-server rescans.
  'transcoder',
  'notifier',
  'library_refresher',
] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export interface ProviderMap {
  catalog: CatalogProvider;
  disc_lookup: DiscLookupProvider;
  subtitles: SubtitleProvider;
  transcriber: Transcriber;
  fingerprinter: Fingerprinter;
  ai: AiProvider;
  transcoder: Transcoder;
  notifier: Notifier;
  library_refresher: LibraryRefresher;
}
