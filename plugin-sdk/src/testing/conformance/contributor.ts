/** Conformance checks for a Contributor: handles completed jobs, read-only input, abort, error codes. */
import type { JsonObject } from '../../context.ts';
import type { Contributor, JobCompletedInput } from '../../stages/contributor.ts';
import type { FakeContextOptions } from '../fake-context.ts';
import { sampleContributorInput } from '../sample-values.ts';
import {
  assertProgress,
  abortExpectation,
  invoke,
  invokeMayFail,
  withContext,
  withoutChanging,
  type ConformanceCheck,
} from './check.ts';

export interface ContributorConformanceOptions {
  create: () => Contributor | Promise<Contributor>;
  /** A completed job (default: sampleContributorInput(), four matched episodes). */
  input?: () => JobCompletedInput;
  /** Settings, app settings (e.g. the disclosure gate) and providers for each context. */
  context?: FakeContextOptions<JsonObject>;
  abortWithinMs?: number;
}

export function contributorConformance(options: ContributorConformanceOptions): ConformanceCheck[] {
  const input = options.input ?? sampleContributorInput;
  const expectAbort = abortExpectation(options);
  return [
    {
      name: 'contributor: handles a completed job without mutating it, with progress within 0–1',
      async run() {
        const contributor = await invoke('create()', options.create);
        await withContext(options.context, async (ctx) => {
          const job = input();
          await withoutChanging('jobCompleted()', job, () =>
            invoke('jobCompleted()', () => contributor.jobCompleted(job, ctx)),
          );
          assertProgress('jobCompleted()', ctx);
        });
      },
    },
    {
      name: 'contributor: a job without matched titles resolves or fails with a coded error',
      async run() {
        const contributor = await invoke('create()', options.create);
        await withContext(options.context, async (ctx) => {
          const job = input();
          const unmatched: JobCompletedInput = { ...job, titles: job.titles.map((t) => ({ ...t, match: null })) };
          await invokeMayFail('jobCompleted() of an unmatched job', () => contributor.jobCompleted(unmatched, ctx));
          assertProgress('jobCompleted()', ctx);
        });
      },
    },
    {
      name: 'contributor: an aborted signal rejects quickly with a coded error',
      async run() {
        const contributor = await invoke('create()', options.create);
        await withContext({ ...options.context, aborted: true }, (ctx) =>
          expectAbort('jobCompleted()', () => contributor.jobCompleted(input(), ctx)),
        );
      },
    },
  ];
}
