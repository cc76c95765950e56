/**
 * Uploads queued contributions. Every FINGERPRINT_UPLOAD_INTERVAL_SECONDS (and at once when the
 * disclosure gets accepted) one check runs:
 * - nothing queued → nothing to do;
 * - contributions disabled → nothing is sent (the user opted out; no prompt either);
 * - disclosure not accepted → `fingerprint.disclosure_required` with the pending count of both
 *   queues, once per check, and nothing is sent;
 * - otherwise episode batches, then disc batches. Both gates are re-checked before EVERY request,
 *   retries included, and a backoff wait ends early when a gate closes: once the user switched
 *   contributions off (or withdrew the disclosure) nothing more is sent.
 * A contribution leaves the queue only after the network acknowledged it with any 2xx (the body is
 * optional, read only for information), is audited once, then removed; a re-send after a crash is
 * acknowledged by the network and audited idempotently, so none is lost and none is logged twice.
 * Network errors, 408 and 5xx are retried with exponential backoff (a long Retry-After pauses the
 * uploader instead of holding the check); 429 pauses uploads for its Retry-After (clamped by the
 * client); any other 4xx keeps the row as rejected with the network's reason and moves on.
 */
import type { Logger } from '@spindle/plugin-sdk';
import type { AppConfig } from '../config/app-config-fields.ts';
import type { EventBus } from '../events/event-bus.ts';
import { auditEntryFor, type ContributionAuditLog } from './contribution-audit-log.ts';
import { discPayload, episodePayload } from './contribution-payloads.ts';
import type { ContributionKind, ContributionQueue, PendingContribution } from './contribution-queue.ts';
import type { FingerprintNetworkClient, SendOutcome } from './network-client.ts';
import type { DiscContributionDraft, EpisodeContributionDraft } from '@spindle/plugin-sdk';
import { errorMessage } from '@spindle/plugin-sdk';

export type CheckOutcome =
  'empty' | 'disabled' | 'disclosure_required' | 'no_server' | 'rate_limited' | 'deferred' | 'uploaded' | 'stopped';

export interface UploaderOptions {
  queue: ContributionQueue;
  auditLog: ContributionAuditLog;
  client: FingerprintNetworkClient | null;
  config: { get(): AppConfig };
  bus: EventBus;
  logger: Logger;
  clientVersion: string;
  intervalMs: number;
  batchSize?: number;
  /** Tries per contribution within one check (network errors, 5xx). */
  maxTries?: number;
  /** First backoff delay; doubles per try. */
  backoffMs?: number;
  now?: () => number;
}

const gateOpen = (config: AppConfig) =>
  config.enable_fingerprint_contributions && config.fingerprint_disclosure_accepted;

/** A retry wait longer than this does not hold the check: the uploader pauses and the next check retries. */
export const MAX_INLINE_RETRY_WAIT_MS = 30_000;

type UploadOutcome = SendOutcome | { kind: 'gate_closed' };

export class ContributionUploader {
  private timer: NodeJS.Timeout | null = null;
  private readonly stopping = new AbortController();
  private lock: Promise<unknown> = Promise.resolve();
  private pendingCheck: Promise<CheckOutcome> | null = null;
  private pausedUntil = 0;
  private warnedNoServer = false;
  /** Wakes pending backoff waits (a gate closed, or shutdown). */
  private readonly wakers = new Set<() => void>();

  constructor(private readonly options: UploaderOptions) {}

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.checkNow(), this.options.intervalMs);
    this.timer.unref();
    void this.checkNow();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort(new Error('Spindle is shutting down'));
    await this.lock.catch(() => undefined);
  }

  /** Runs `work` while no check is running (rotate and forget use it); checks wait for it. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.lock.then(work, work);
    this.lock = run.catch(() => undefined);
    return run;
  }

  /** Runs one check soon; a check already waiting to run is shared. */
  checkNow(): Promise<CheckOutcome> {
    this.pendingCheck ??= this.exclusive(async () => {
      this.pendingCheck = null;
      return await this.check().catch((error: unknown) => {
        this.options.logger.warn('fingerprint upload check failed', { error: errorMessage(error) });
        return 'deferred' as const;
      });
    });
    return this.pendingCheck;
  }

  /** Called on configuration changes: accepting the disclosure (or re-enabling) uploads at once. */
  configChanged(changed: readonly string[]): void {
    if (!changed.includes('fingerprint_disclosure_accepted') && !changed.includes('enable_fingerprint_contributions'))
      return;
    if (gateOpen(this.options.config.get())) void this.checkNow();
    else for (const wake of [...this.wakers]) wake(); // a pending retry re-checks the gate at once and stops
  }

  private async check(): Promise<CheckOutcome> {
    const { queue, config, bus, client, logger } = this.options;
    if (this.stopping.signal.aborted) return 'stopped';
    const counts = await queue.pendingCounts();
    if (counts.total === 0) return 'empty';
    const current = config.get();
    if (!current.enable_fingerprint_contributions) return 'disabled';
    if (!current.fingerprint_disclosure_accepted) {
      bus.emit('fingerprint.disclosure_required', { pendingCount: counts.total });
      return 'disclosure_required';
    }
    if (!client) {
      if (!this.warnedNoServer)
        logger.warn(`${counts.total} contribution(s) queued but FINGERPRINT_SERVER_URL is not set; they stay queued`);
      this.warnedNoServer = true;
      return 'no_server';
    }
    if (this.now < this.pausedUntil) return 'rate_limited';
    let sent = 0;
    for (const kind of ['episode', 'disc'] as const) {
      let afterId = 0;
      for (;;) {
        if (!gateOpen(config.get()) || this.stopping.signal.aborted) return sent > 0 ? 'uploaded' : 'deferred';
        const batch = await queue.nextBatch(kind, this.options.batchSize ?? 25, afterId);
        if (batch.length === 0) break;
        for (const item of batch) {
          afterId = item.id;
          const outcome = await this.upload(client, item);
          if (outcome === 'sent') sent++;
          else if (outcome === 'paused') return 'rate_limited';
          else if (outcome === 'deferred') return 'deferred';
        }
      }
    }
    if (sent > 0) logger.info(`uploaded ${sent} contribution(s) to the fingerprint network`);
    return 'uploaded';
  }

  private payload(item: PendingContribution): unknown {
    const { clientVersion } = this.options;
    return item.kind === 'episode'
      ? episodePayload(item.draft as EpisodeContributionDraft, item.pseudonym, clientVersion)
      : discPayload(item.draft as DiscContributionDraft, item.pseudonym, clientVersion);
  }

  private async upload(
    client: FingerprintNetworkClient,
    item: PendingContribution,
  ): Promise<'sent' | 'rejected' | 'paused' | 'deferred'> {
    const { queue, logger } = this.options;
    let payload: unknown;
    try {
      payload = this.payload(item);
    } catch (error) {
      await queue.reject(item.kind, item.id, errorMessage(error));
      logger.warn(`contribution ${item.kind} #${item.id} does not match the wire schema and is not sent`);
      return 'rejected';
    }
    const outcome = await this.sendWithRetry(client, item.kind, payload);
    switch (outcome.kind) {
      case 'gate_closed':
        return 'deferred';
      case 'accepted':
        await this.options.auditLog.append(
          auditEntryFor(item.kind, item.id, item.draft, item.pseudonym, new Date(this.now)),
        );
        await queue.remove(item.kind, item.id);
        if (outcome.duplicate) logger.info(`the fingerprint network already had contribution ${item.kind} #${item.id}`);
        if (outcome.flagged)
          logger.info(`the fingerprint network keeps contribution ${item.kind} #${item.id} for review`);
        return 'sent';
      case 'rejected':
        await queue.reject(item.kind, item.id, outcome.message);
        logger.warn(`the fingerprint network refused contribution ${item.kind} #${item.id}: ${outcome.message}`);
        return 'rejected';
      case 'rate_limited':
        this.pausedUntil = this.now + outcome.retryAfterMs;
        logger.info(
          `the fingerprint network asks to wait ${Math.ceil(outcome.retryAfterMs / 1000)} s before more uploads`,
        );
        return 'paused';
      case 'retry':
        await queue.recordFailure(item.kind, item.id, outcome.message);
        if (outcome.retryAfterMs !== null && outcome.retryAfterMs > MAX_INLINE_RETRY_WAIT_MS)
          this.pausedUntil = this.now + outcome.retryAfterMs;
        logger.warn(`upload deferred to the next check: ${outcome.message}`);
        return 'deferred';
    }
  }

  private async sendWithRetry(
    client: FingerprintNetworkClient,
    kind: ContributionKind,
    payload: unknown,
  ): Promise<UploadOutcome> {
    const tries = this.options.maxTries ?? 4;
    const path = kind === 'episode' ? '/v1/contribute' : '/v1/contribute-disc';
    let outcome: SendOutcome = { kind: 'retry', message: 'not sent', retryAfterMs: null };
    for (let attempt = 0; attempt < tries; attempt++) {
      // Before every request, retries included: the user may have switched contributions off meanwhile.
      if (!gateOpen(this.options.config.get())) return { kind: 'gate_closed' };
      if (this.stopping.signal.aborted) return outcome;
      outcome = await client.send(path, payload, this.stopping.signal).catch((error: unknown) => ({
        kind: 'retry' as const,
        message: errorMessage(error),
        retryAfterMs: null,
      }));
      if (outcome.kind !== 'retry' || attempt === tries - 1) return outcome;
      const delay = outcome.retryAfterMs ?? (this.options.backoffMs ?? 500) * 2 ** attempt;
      if (delay > MAX_INLINE_RETRY_WAIT_MS) return outcome; // the uploader pauses; the next check retries
      await this.sleep(delay);
    }
    return outcome;
  }

  /** Waits `ms`, or less when shutting down or a gate closes. */
  private sleep(ms: number): Promise<void> {
    if (!gateOpen(this.options.config.get()) || this.stopping.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        this.stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
      this.stopping.signal.addEventListener('abort', done, { once: true });
    });
  }
}
