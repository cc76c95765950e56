/** The end-to-end scenario's names and numbers (catalog ids, credentials of the stand-ins) and the API's record shapes. */
export const SHOW_ID = 4242;
export const MOVIE_ID = 5151;
export const FOLDER_MOVIE_ID = 6262;
export const OS_KEY = 'osk_e2e_5f2c9a7d1b3e';
export const OS_USER = 'spindle-e2e';
export const OS_PASSWORD = 'e2e-password-not-real';
export const SHOW = 'Generated Chronicles';
/** The generated episodes last about 1.5 minutes: the duration heuristics are scaled down to them. */
export const SHORT_TITLE_SECONDS = 40;

export interface Job {
  id: number;
  state: string;
  content_type: string;
  volume_label: string;
  drive_id: string | null;
  source_kind: string;
  content_hash: string | null;
  classification_source: string | null;
  classification_confidence: number | null;
  catalog_id: number | null;
  detected_title: string | null;
  detected_season: number | null;
  review_reason: string | null;
  error_message: string | null;
  library_path: string | null;
  staging_path: string | null;
  subtitle_status: string | null;
  subtitles_downloaded: number;
  subtitles_total: number;
  [key: string]: unknown;
}

export interface Title {
  id: number;
  title_index: number;
  duration_seconds: number;
  state: string;
  selected: boolean;
  role: string | null;
  matched_episode: string | null;
  edition: string | null;
  is_extra: boolean;
  match_source: string | null;
  match_confidence: number | null;
  match_details: { kind: string; components: { name: string }[] } | null;
  organized_path: string | null;
  output_filename: string | null;
}

export const clock = (s: number) =>
  `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(Math.round(s) % 60).padStart(2, '0')}`;
