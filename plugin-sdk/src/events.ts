/**
 * Two typed event maps, kept apart on purpose: domain events travel inside the core (and to
 * plugins that subscribe), client events are what the WebSocket pushes to browsers.
 * Domain event names are `noun.verb_past` (`job.state_changed`); client event types are the
 * spec's snake_case wire names (`job_update`).
 */
import type { ContentType, TitleState } from './values.ts';

export type JobState =
  'idle' | 'identifying' | 'review_needed' | 'ripping' | 'matching' | 'organizing' | 'completed' | 'failed';

export interface DomainEventMap {
  'job.created': { jobId: number; volumeLabel: string; contentType: ContentType };
  'job.state_changed': {
    jobId: number;
    from: JobState;
    to: JobState;
    at: string;
    errorMessage: string | null;
    reviewReason: string | null;
    progressPercent: number;
    currentSpeed: string | null;
    etaSeconds: number | null;
  };
  'job.progress': {
    jobId: number;
    state: JobState;
    percent: number;
    speed: string | null;
    etaSeconds: number | null;
    currentTitle: number | null;
    totalTitles: number | null;
  };
  'job.cleared': { jobId: number };
  /** Every job, its titles and its timeline were deleted (the DEBUG reset): how many jobs. */
  'jobs.reset': { deleted: number };
  /** A job's fields other than its state changed (the job service's update): which ones. */
  'job.updated': { jobId: number; fields: string[] };
  'title.updated': {
    jobId: number;
    titleId: number;
    titleIndex: number;
    state: TitleState;
    matchedEpisode: string | null;
    matchConfidence: number | null;
  };
  'drive.changed': { driveId: string; event: 'inserted' | 'removed'; volumeLabel: string | null };
  'subtitles.changed': { jobId: number; status: string; downloaded: number; total: number; failed: number };
  /** Files appeared in a job's folder after the job started: joined to it, or handed to a new job. */
  'job.late_files': {
    jobId: number;
    files: string[];
    action: 'joined' | 'noticed' | 'new_job';
    newJobId: number | null;
  };
  'fingerprint.disclosure_required': { pendingCount: number };
  'config.changed': { changed: string[] };
}

export type DomainEventName = keyof DomainEventMap;

export interface JobUpdateMessage {
  type: 'job_update';
  job_id: number;
  state: JobState;
  progress_percent: number;
  current_speed: string | null;
  eta_seconds: number | null;
  current_title: number | null;
  total_titles: number | null;
  error_message: string | null;
  review_reason: string | null;
}

export interface TitleUpdateMessage {
  type: 'title_update';
  job_id: number;
  title_id: number;
  title_index: number;
  state: TitleState;
  matched_episode: string | null;
  match_confidence: number | null;
}

export interface DriveEventMessage {
  type: 'drive_event';
  drive_id: string;
  event: 'inserted' | 'removed';
  volume_label: string | null;
}

export interface SubtitleEventMessage {
  type: 'subtitle_event';
  job_id: number;
  status: string;
  downloaded: number;
  total: number;
  failed_count: number;
}

export interface LateFilesMessage {
  type: 'late_files';
  job_id: number;
  files: string[];
  /** joined: ripped with this job; noticed: seen while the job works, handled when it ends; new_job: a job of their own. */
  action: 'joined' | 'noticed' | 'new_job';
  new_job_id: number | null;
}

export interface FingerprintDisclosureMessage {
  type: 'fingerprint_disclosure_required';
  pending_count: number;
}

export interface PingMessage {
  type: 'ping';
}

export type ClientMessage =
  | JobUpdateMessage
  | TitleUpdateMessage
  | DriveEventMessage
  | SubtitleEventMessage
  | LateFilesMessage
  | FingerprintDisclosureMessage
  | PingMessage;

export type ClientEventMap = { [M in ClientMessage as M['type']]: M };
