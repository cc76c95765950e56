/**
 * The one mechanism for "when a job enters state X, do Y". JobService calls `entered()` after every
 * change of a job's state is stored and broadcast. A hook is either awaited (the state change
 * returns once it has run; a failure is logged, never thrown) or background (started and tracked:
 * `settled()` and `stop()` wait for it). What is hooked where is listed in one file:
 * core/src/jobs/job-state-hooks.ts.
 */
import { errorMessage, type JobState, type Logger } from '@spindle/plugin-sdk';
import { inject, injectable } from 'tsyringe';
import { BackgroundTasks } from '../app/background-tasks.ts';
import { Tokens } from '../container/tokens.ts';
import type { JobRecord } from '../persistence/records.ts';
import { isTerminal } from './job-state-machine.ts';

/** Which changes a hook runs on: a state entered, any terminal state, or a state left. */
export type HookTrigger = { enters: JobState | 'terminal' } | { leaves: JobState };

export interface JobStateHook {
  /** For the log when it fails. */
  name: string;
  on: HookTrigger;
  /** Awaited: the state change waits for it. Otherwise it runs in the background. */
  awaited: boolean;
  run(job: JobRecord, from: JobState): Promise<void> | void;
}

function matches(trigger: HookTrigger, job: JobRecord, from: JobState): boolean {
  if ('leaves' in trigger) return from === trigger.leaves && job.state !== from;
  return trigger.enters === 'terminal' ? isTerminal(job.state) : job.state === trigger.enters;
}

@injectable()
export class JobLifecycle {
  private readonly hooks: JobStateHook[] = [];
  private readonly background = new BackgroundTasks();

  constructor(@inject(Tokens.Logger) private readonly logger: Logger) {}

  hook(hook: JobStateHook): void {
    this.hooks.push(hook);
  }

  /** Runs the hooks of a state change in the order they were declared. */
  async entered(job: JobRecord, from: JobState): Promise<void> {
    for (const hook of this.hooks) {
      if (!matches(hook.on, job, from)) continue;
      const run = async () => hook.run(job, from);
      const failed = (error: unknown) =>
        this.logger.error(`${hook.name} failed for job ${job.id} (${from} → ${job.state})`, {
          error: errorMessage(error),
        });
      if (hook.awaited) await run().catch(failed);
      else this.background.run(run, failed);
    }
  }

  /** True while a background hook is still running. */
  get busy(): boolean {
    return this.background.busy;
  }

  /** Resolves when every background hook started so far has finished. */
  settled(): Promise<void> {
    return this.background.settled();
  }
}
