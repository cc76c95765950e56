/**
 * The stop sequence: each module adds the step that undoes what it started, and `run()` takes them
 * in reverse order (the HTTP server closes before the runner stops, the database closes last). A
 * failing step is logged and the next one still runs; running twice does nothing.
 */
import type { Logger } from '@spindle/plugin-sdk';
import { errorMessage } from '@spindle/plugin-sdk';

export class Shutdown {
  private readonly steps: { name: string; run: () => Promise<void> | void }[] = [];
  private done = false;

  add(name: string, run: () => Promise<void> | void): void {
    this.steps.push({ name, run });
  }

  async run(logger: Logger): Promise<void> {
    if (this.done) return;
    this.done = true;
    for (const step of this.steps.reverse()) {
      try {
        await step.run();
      } catch (error) {
        logger.warn(`shutdown step failed (${step.name})`, { error: errorMessage(error) });
      }
    }
  }
}
