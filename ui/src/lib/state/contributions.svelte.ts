/**
 * The contributions screen: the local audit log, rotate pseudonym and forget. A service without
 * the fingerprint network answers 404 on these routes; the screen then says the feature is not
 * available in this version.
 */
import {
  forgetContributions,
  listContributions,
  rotatePseudonym,
  type ListContributionsResponse,
} from '../api/generated.ts';
import { ApiError, errorMessage } from '../api/runtime.ts';

export type ContributionLogEntry = ListContributionsResponse['entries'][number];

export class ContributionsState {
  entries = $state<ContributionLogEntry[]>([]);
  pending = $state<ListContributionsResponse['pending'] | null>(null);
  pendingCount = $state<number | null>(null);
  available = $state<boolean | null>(null);
  loading = $state(false);
  error = $state<string | null>(null);
  busy = $state<'rotate' | 'forget' | null>(null);

  async load(): Promise<void> {
    this.loading = true;
    try {
      const answer = await listContributions();
      this.entries = answer.entries;
      this.pending = answer.pending;
      this.pendingCount = answer.pending_count;
      this.available = true;
      this.error = null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) this.available = false;
      else this.error = errorMessage(error);
    } finally {
      this.loading = false;
    }
  }

  /** A fresh pseudonym; queued contributions are re-tagged. Returns the new prefix, or null on failure. */
  async rotate(): Promise<string | null> {
    return this.run('rotate', async () => (await rotatePseudonym()).pseudonym_prefix ?? '');
  }

  /** Asks the network to forget; only when it confirms does anything change here. */
  async forget(): Promise<string | null> {
    return this.run('forget', async () => {
      const answer = await forgetContributions();
      return `${answer.deleted_pending ?? 0}`;
    });
  }

  private async run(kind: 'rotate' | 'forget', call: () => Promise<string>): Promise<string | null> {
    this.busy = kind;
    try {
      const result = await call();
      this.error = null;
      await this.load();
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) this.available = false;
      else this.error = errorMessage(error);
      return null;
    } finally {
      this.busy = null;
    }
  }
}
