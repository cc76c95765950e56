/**
 * The checks shared by stages that answer "what is this?" with a value or null (identifier,
 * matcher): answers are well formed and progress stays within 0–1, null for inputs the stage
 * cannot answer, inputs are never mutated, and an aborted signal rejects quickly with a coded error.
 */
import type { JsonObject, StageContext } from '../../context.ts';
import type { FakeContextOptions } from '../fake-context.ts';
import {
  assertNoProblems,
  assertProgress,
  abortExpectation,
  fail,
  invoke,
  withContext,
  withoutChanging,
  type ConformanceCheck,
} from './check.ts';

export interface AnswerOrNullSuite<S, I, A> {
  /** `identifier`, `matcher`: prefixes the check names. */
  stage: string;
  /** `identify()`, `match()`: names the call in messages. */
  call: string;
  /** What a good answer is called in the first check's name. */
  answerName: string;
  /** How the second check describes an input it must answer null for. */
  nullWhen: string;
  create: () => S | Promise<S>;
  answer: (stage: S, input: I, ctx: StageContext) => Promise<A | null>;
  /** A label for an input in messages, e.g. `input #2 (LABEL)`. */
  label: (input: I, index: number) => string;
  validate: (answer: A, input: I) => string[];
  inputs: () => I[];
  unanswerable?: I[];
  mustAnswer?: boolean;
  context?: FakeContextOptions<JsonObject>;
  abortWithinMs?: number;
}

export function answerOrNullChecks<S, I, A>(suite: AnswerOrNullSuite<S, I, A>): ConformanceCheck[] {
  const expectAbort = abortExpectation(suite);
  return [
    {
      name: `${suite.stage}: answers null or a well-formed ${suite.answerName}, with progress within 0–1`,
      async run() {
        const stage = await invoke('create()', suite.create);
        let answered = 0;
        for (const [i, input] of suite.inputs().entries()) {
          await withContext(suite.context, async (ctx) => {
            const what = `${suite.call} of ${suite.label(input, i)}`;
            const answer = await invoke(what, () => suite.answer(stage, input, ctx));
            if (answer !== null) {
              answered += 1;
              assertNoProblems(`${what} result`, suite.validate(answer, input));
            }
            assertProgress(what, ctx);
          });
        }
        if ((suite.mustAnswer ?? true) && answered === 0) fail(`${suite.call} answered null for every canned input`);
      },
    },
    {
      name: `${suite.stage}: answers null when ${suite.nullWhen}`,
      async run() {
        const stage = await invoke('create()', suite.create);
        for (const [i, input] of (suite.unanswerable ?? []).entries()) {
          await withContext(suite.context, async (ctx) => {
            const what = `${suite.call} of unanswerable ${suite.label(input, i)}`;
            if ((await invoke(what, () => suite.answer(stage, input, ctx))) !== null)
              fail(`${what} answered instead of null`);
          });
        }
      },
    },
    {
      name: `${suite.stage}: does not mutate its input`,
      async run() {
        const stage = await invoke('create()', suite.create);
        for (const input of suite.inputs()) {
          await withContext(suite.context, async (ctx) => {
            await withoutChanging(suite.call, input, () => invoke(suite.call, () => suite.answer(stage, input, ctx)));
          });
        }
      },
    },
    {
      name: `${suite.stage}: an aborted signal rejects quickly with a coded error`,
      async run() {
        const stage = await invoke('create()', suite.create);
        const input = suite.inputs()[0];
        if (!input) fail('no canned input given');
        await withContext({ ...suite.context, aborted: true }, (ctx) =>
          expectAbort(suite.call, () => suite.answer(stage, input, ctx)),
        );
      },
    },
  ];
}
