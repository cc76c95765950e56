/** Conformance checks for an Identifier: answer shape, read-only input, abort and error codes. */
import type { JsonObject } from '../../context.ts';
import type { IdentifyInput, Identifier } from '../../stages/identifier.ts';
import type { FakeContextOptions } from '../fake-context.ts';
import { sampleIdentifyInputs } from '../sample-values.ts';
import {
  assertNoProblems,
  assertProgress,
  assertUnchanged,
  DEFAULT_ABORT_WITHIN_MS,
  expectAbortRejection,
  fail,
  invoke,
  snapshot,
  withContext,
  type ConformanceCheck,
} from './check.ts';
import { validateIdentification } from './validate-identification.ts';

export interface IdentifierConformanceOptions {
  create: () => Identifier | Promise<Identifier>;
  /** Canned inputs (default: a TV disc and a movie disc from sampleIdentifyInputs()). */
  inputs?: IdentifyInput[];
  /** Inputs the identifier must return null for (nothing to say), e.g. an unknown label. */
  unanswerable?: IdentifyInput[];
  /** Require a non-null answer for at least one input (default true, so the shape check means something). */
  mustAnswer?: boolean;
  context?: FakeContextOptions<JsonObject>;
  abortWithinMs?: number;
}

export function identifierConformance(options: IdentifierConformanceOptions): ConformanceCheck[] {
  const inputs = () => options.inputs ?? sampleIdentifyInputs();
  const abortMs = options.abortWithinMs ?? DEFAULT_ABORT_WITHIN_MS;
  return [
    {
      name: 'identifier: answers null or a well-formed Identification, with progress within 0–1',
      async run() {
        const identifier = await invoke('create()', options.create);
        let answered = 0;
        for (const [i, input] of inputs().entries()) {
          await withContext(options.context, async (ctx) => {
            const what = `identify() of input #${i + 1} (${input.job.volumeLabel})`;
            const answer = await invoke(what, () => identifier.identify(input, ctx));
            if (answer !== null) {
              answered += 1;
              assertNoProblems(`${what} result`, validateIdentification(answer, input.scan));
            }
            assertProgress(what, ctx);
          });
        }
        if ((options.mustAnswer ?? true) && answered === 0) fail('identify() answered null for every canned input');
      },
    },
    {
      name: 'identifier: answers null when it has nothing to say',
      async run() {
        const identifier = await invoke('create()', options.create);
        for (const [i, input] of (options.unanswerable ?? []).entries()) {
          await withContext(options.context, async (ctx) => {
            const answer = await invoke(`identify() of unanswerable input #${i + 1}`, () => identifier.identify(input, ctx));
            if (answer !== null) fail(`identify() of unanswerable input #${i + 1} (${input.job.volumeLabel}) answered instead of null`);
          });
        }
      },
    },
    {
      name: 'identifier: does not mutate its input',
      async run() {
        const identifier = await invoke('create()', options.create);
        for (const input of inputs()) {
          await withContext(options.context, async (ctx) => {
            const before = snapshot(input);
            await invoke('identify()', () => identifier.identify(input, ctx));
            assertUnchanged('identify()', before, input);
          });
        }
      },
    },
    {
      name: 'identifier: an aborted signal rejects quickly with a coded error',
      async run() {
        const identifier = await invoke('create()', options.create);
        const input = inputs()[0];
        if (!input) fail('no canned input given');
        await withContext({ ...options.context, aborted: true }, (ctx) =>
          expectAbortRejection('identify()', () => identifier.identify(input, ctx), abortMs),
        );
      },
    },
  ];
}
