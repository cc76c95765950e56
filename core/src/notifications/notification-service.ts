/**
 * Tells the configured notifiers (`pipeline.providers.notifier`) when a job completes, fails or
 * waits for review. Runs in the background: a notification never delays or changes a job. Each
 * notifier gets the message with bounded retries and backoff on retryable errors (network, 5xx,
 * 429); a delivery that fails for good is logged. Notifiers without a destination are skipped.
 */
import { errorMessage, type Logger, type Notification, type Notifier } from '@spindle/plugin-sdk';
import { BackgroundTasks } from '../app/background-tasks.ts';
import type { JobRepository, TitleRepository } from '../persistence/ports.ts';
import type { JobRecord } from '../persistence/records.ts';
import type { Resolved } from '../pipeline/stage-resolver.ts';
import { DEFAULT_RETRY, withRetries, type RetryPolicy } from './delivery-retry.ts';
import { buildJobNotification, buildTestNotification, eventOfState, type Redact } from './notification-builder.ts';

export interface NotifierResult {
  notifier: string;
  plugin: string;
  /** Where it sends to (a host name), when configured. */
  target: string | null;
  status: 'sent' | 'failed' | 'skipped';
  attempts: number;
  /** Why it failed or was skipped. */
  message: string | null;
}

export interface NotificationServiceDeps {
  jobs: JobRepository;
  titles: TitleRepository;
  notifiers: () => Resolved<Notifier>[];
  redact: Redact;
  logger: Logger;
  retry?: RetryPolicy;
}

export class NotificationService {
  private readonly tasks = new BackgroundTasks();

  constructor(private readonly deps: NotificationServiceDeps) {}

  /** A job entered a state (job-state-hooks.ts): completed, failed and review needed are told, in the background. */
  jobEntered(job: JobRecord): void {
    const event = eventOfState(job.state);
    if (event && this.deps.notifiers().length > 0) {
      this.tasks.run(
        () => this.notifyJob(job.id, event),
        (error) => this.deps.logger.warn('notification failed', { error: errorMessage(error) }),
      );
    }
  }

  /** Sends a test notification to every configured notifier (or the one named) at once, without retries. */
  async test(notifierId?: string): Promise<NotifierResult[]> {
    const chosen = this.deps.notifiers().filter((n) => notifierId === undefined || n.record.id === notifierId);
    return Promise.all(chosen.map((n) => this.deliver(n, buildTestNotification(), { ...this.policy, attempts: 1 })));
  }

  /** Ids of the configured notifiers. */
  notifierIds(): string[] {
    return this.deps.notifiers().map((n) => n.record.id);
  }

  /** Resolves when every background delivery has finished. */
  settled(): Promise<void> {
    return this.tasks.settled();
  }

  async stop(): Promise<void> {
    await this.tasks.stop();
  }

  private get policy(): RetryPolicy {
    return this.deps.retry ?? DEFAULT_RETRY;
  }

  private async notifyJob(jobId: number, event: NonNullable<ReturnType<typeof eventOfState>>): Promise<void> {
    const job = await this.deps.jobs.get(jobId);
    if (!job) return;
    const notification = buildJobNotification(event, job, await this.deps.titles.listByJob(jobId), this.deps.redact);
    await Promise.all(this.deps.notifiers().map((n) => this.deliver(n, notification, this.policy)));
  }

  private async deliver(
    notifier: Resolved<Notifier>,
    notification: Notification,
    policy: RetryPolicy,
  ): Promise<NotifierResult> {
    const { id, pluginId } = notifier.record;
    const status = notifier.impl.status();
    const base = { notifier: id, plugin: pluginId, target: status.target };
    if (!status.configured) {
      return {
        ...base,
        status: 'skipped',
        attempts: 0,
        message: 'not set up: no destination is set (Settings → Notifications)',
      };
    }
    const what =
      notification.jobId === null
        ? 'test notification'
        : `notification for job ${notification.jobId} (${notification.event})`;
    const outcome = await withRetries(
      () => notifier.impl.send(structuredClone(notification), this.tasks.signal),
      policy,
      this.tasks.signal,
      (error, n, delay) =>
        this.deps.logger.info(`${what} to ${id} failed (attempt ${n} of ${policy.attempts}); retrying in ${delay} ms`, {
          error: this.deps.redact(errorMessage(error)),
        }),
    );
    if (outcome.ok) {
      this.deps.logger.info(`${what} sent to ${id}`, outcome.attempts > 1 ? { attempts: outcome.attempts } : undefined);
      return { ...base, status: 'sent', attempts: outcome.attempts, message: null };
    }
    const message = this.deps.redact(errorMessage(outcome.error));
    this.deps.logger.warn(`${what} to ${id} failed after ${outcome.attempts} attempt(s)`, { error: message });
    return { ...base, status: 'failed', attempts: outcome.attempts, message };
  }
}
