/**
 * The single broadcaster to browsers: turns domain events into the flat client messages of the
 * wire contract, sends a heartbeat, and throttles progress per job so a fast rip cannot flood
 * clients. State changes are never dropped and go out in the order they happened.
 */
import type { ClientMessage, DomainEventMap, JobUpdateMessage, Logger } from '@spindle/plugin-sdk';
import type { WebSocket } from 'ws';
import type { EventBus } from '../events/event-bus.ts';

export interface GatewayOptions {
  heartbeatMs?: number;
  /** Minimum time between two progress-only job_update messages for one job. */
  progressIntervalMs?: number;
}

interface JobCache {
  message: JobUpdateMessage;
  lastProgressAt: number;
  timer: NodeJS.Timeout | null;
}

export class ClientGateway {
  private readonly clients = new Set<WebSocket>();
  private readonly jobs = new Map<number, JobCache>();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly progressIntervalMs: number;

  constructor(
    bus: EventBus,
    private readonly logger: Logger,
    options: GatewayOptions = {},
  ) {
    this.progressIntervalMs = options.progressIntervalMs ?? 250;
    this.heartbeat = setInterval(() => this.broadcast({ type: 'ping' }), options.heartbeatMs ?? 30_000);
    this.heartbeat.unref();
    this.unsubscribe.push(
      bus.on('job.state_changed', (e) => this.onState(e)),
      bus.on('job.progress', (e) => this.onProgress(e)),
      bus.on('title.updated', (e) =>
        this.broadcast({
          type: 'title_update',
          job_id: e.jobId,
          title_id: e.titleId,
          title_index: e.titleIndex,
          state: e.state,
          matched_episode: e.matchedEpisode,
          match_confidence: e.matchConfidence,
        }),
      ),
      bus.on('drive.changed', (e) =>
        this.broadcast({ type: 'drive_event', drive_id: e.driveId, event: e.event, volume_label: e.volumeLabel }),
      ),
      bus.on('subtitles.changed', (e) =>
        this.broadcast({
          type: 'subtitle_event',
          job_id: e.jobId,
          status: e.status,
          downloaded: e.downloaded,
          total: e.total,
          failed_count: e.failed,
        }),
      ),
      bus.on('job.late_files', (e) =>
        this.broadcast({
          type: 'late_files',
          job_id: e.jobId,
          files: e.files,
          action: e.action,
          new_job_id: e.newJobId,
        }),
      ),
      bus.on('jobs.reset', () => this.forgetJobs()),
      bus.on('fingerprint.disclosure_required', (e) =>
        this.broadcast({ type: 'fingerprint_disclosure_required', pending_count: e.pendingCount }),
      ),
    );
  }

  get clientCount(): number {
    return this.clients.size;
  }

  attach(socket: WebSocket): void {
    this.clients.add(socket);
    socket.on('close', () => this.clients.delete(socket));
    socket.on('error', () => this.clients.delete(socket));
    // Clients only listen; anything they send is ignored.
  }

  broadcast(message: ClientMessage): void {
    const text = JSON.stringify(message);
    for (const socket of this.clients) {
      if (socket.readyState !== 1) continue;
      socket.send(text, (error) => {
        if (error) this.logger.debug('dropping a WebSocket client that failed to receive', { error: error.message });
      });
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const off of this.unsubscribe) off();
    this.forgetJobs();
    for (const socket of this.clients) socket.close(1001, 'server shutting down');
    this.clients.clear();
  }

  /** Drops what is kept per job, with any progress message still waiting for its turn. */
  private forgetJobs(): void {
    for (const cache of this.jobs.values()) if (cache.timer) clearTimeout(cache.timer);
    this.jobs.clear();
  }

  private cache(jobId: number): JobCache {
    let cache = this.jobs.get(jobId);
    if (!cache) {
      cache = {
        message: {
          type: 'job_update',
          job_id: jobId,
          state: 'idle',
          progress_percent: 0,
          current_speed: null,
          eta_seconds: null,
          current_title: null,
          total_titles: null,
          error_message: null,
          review_reason: null,
        },
        lastProgressAt: 0,
        timer: null,
      };
      this.jobs.set(jobId, cache);
    }
    return cache;
  }

  private onState(e: DomainEventMap['job.state_changed']): void {
    const cache = this.cache(e.jobId);
    if (cache.timer) clearTimeout(cache.timer); // the state message carries the newest progress
    cache.timer = null;
    Object.assign(cache.message, {
      state: e.to,
      error_message: e.errorMessage,
      review_reason: e.reviewReason,
      progress_percent: e.progressPercent,
      current_speed: e.currentSpeed,
      eta_seconds: e.etaSeconds,
    });
    this.broadcast({ ...cache.message });
    if (e.to === 'completed' || e.to === 'failed') this.jobs.delete(e.jobId);
  }

  private onProgress(e: DomainEventMap['job.progress']): void {
    const cache = this.cache(e.jobId);
    Object.assign(cache.message, {
      state: e.state,
      progress_percent: e.percent,
      current_speed: e.speed,
      eta_seconds: e.etaSeconds,
      current_title: e.currentTitle,
      total_titles: e.totalTitles,
    });
    const wait = cache.lastProgressAt + this.progressIntervalMs - Date.now();
    if (wait <= 0 && !cache.timer) {
      cache.lastProgressAt = Date.now();
      this.broadcast({ ...cache.message });
    } else if (!cache.timer) {
      cache.timer = setTimeout(
        () => {
          cache.timer = null;
          cache.lastProgressAt = Date.now();
          this.broadcast({ ...cache.message });
        },
        Math.max(0, wait),
      );
    }
  }
}
