/**
 * The contribution disclosure prompt. `/ws` sends `fingerprint_disclosure_required` when
 * fingerprints or disc layouts are queued but the disclosure is not accepted; the prompt then
 * opens. Accepting sets `fingerprint_disclosure_accepted` (uploads start); disabling sets
 * `enable_fingerprint_contributions` to false. "Later" only closes it until the next message.
 */
import type { ClientMessage } from '../api/generated.ts';
import type { ConfigState } from './config.svelte.ts';

export class DisclosurePrompt {
  open = $state(false);
  pendingCount = $state(0);
  error = $state<string | null>(null);
  answered = $state<'accepted' | 'disabled' | null>(null);

  constructor(private readonly config: ConfigState) {}

  apply(message: ClientMessage): void {
    if (message.type !== 'fingerprint_disclosure_required') return;
    this.pendingCount = message.pending_count;
    this.error = null;
    this.answered = null;
    this.open = true;
  }

  async accept(): Promise<void> {
    await this.answer({ fingerprint_disclosure_accepted: true }, 'accepted');
  }

  async disable(): Promise<void> {
    await this.answer({ enable_fingerprint_contributions: false }, 'disabled');
  }

  later(): void {
    this.open = false;
  }

  private async answer(
    patch: { fingerprint_disclosure_accepted?: boolean; enable_fingerprint_contributions?: boolean },
    outcome: 'accepted' | 'disabled',
  ): Promise<void> {
    const result = await this.config.save(patch);
    if (result.ok) {
      this.answered = outcome;
      this.open = false;
    } else {
      this.error = result.message;
    }
  }
}
