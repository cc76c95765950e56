/** Conformance checks for a Matcher: result shape, read-only input, abort and error codes. */
import type { JsonObject } from '../../context.ts';
import type { MatchInput, Matcher } from '../../stages/matcher.ts';
import type { FakeContextOptions } from '../fake-context.ts';
import { sampleMatchInputs } from '../sample-values.ts';
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
import { validateMatchResult } from './validate-match.ts';

export interface MatcherConformanceOptions {
  create: () => Matcher | Promise<Matcher>;
  /** Canned inputs (default: four TV titles whose job carries disc-lookup mappings). */
  inputs?: MatchInput[];
  /** Inputs the matcher must return null for (it cannot tell). */
  unanswerable?: MatchInput[];
  /** Require a non-null result for at least one input (default true). */
  mustAnswer?: boolean;
  context?: FakeContextOptions<JsonObject>;
  abortWithinMs?: number;
}

export function matcherConformance(options: MatcherConformanceOptions): ConformanceCheck[] {
  const inputs = () => options.inputs ?? sampleMatchInputs();
  const abortMs = options.abortWithinMs ?? DEFAULT_ABORT_WITHIN_MS;
  return [
    {
      name: 'matcher: answers null or a well-formed MatchResult, with progress within 0–1',
      async run() {
        const matcher = await invoke('create()', options.create);
        let answered = 0;
        for (const input of inputs()) {
          await withContext(options.context, async (ctx) => {
            const what = `match() of title ${input.title.titleIndex}`;
            const result = await invoke(what, () => matcher.match(input, ctx));
            if (result !== null) {
              answered += 1;
              assertNoProblems(`${what} result`, validateMatchResult(result));
            }
            assertProgress(what, ctx);
          });
        }
        if ((options.mustAnswer ?? true) && answered === 0) fail('match() answered null for every canned input');
      },
    },
    {
      name: 'matcher: answers null when it cannot tell',
      async run() {
        const matcher = await invoke('create()', options.create);
        for (const input of options.unanswerable ?? []) {
          await withContext(options.context, async (ctx) => {
            const what = `match() of unanswerable title ${input.title.titleIndex}`;
            if ((await invoke(what, () => matcher.match(input, ctx))) !== null) fail(`${what} answered instead of null`);
          });
        }
      },
    },
    {
      name: 'matcher: does not mutate its input',
      async run() {
        const matcher = await invoke('create()', options.create);
        for (const input of inputs()) {
          await withContext(options.context, async (ctx) => {
            const before = snapshot(input);
            await invoke('match()', () => matcher.match(input, ctx));
            assertUnchanged('match()', before, input);
          });
        }
      },
    },
    {
      name: 'matcher: an aborted signal rejects quickly with a coded error',
      async run() {
        const matcher = await invoke('create()', options.create);
        const input = inputs()[0];
        if (!input) fail('no canned input given');
        await withContext({ ...options.context, aborted: true }, (ctx) => expectAbortRejection('match()', () => matcher.match(input, ctx), abortMs));
      },
    },
  ];
}
