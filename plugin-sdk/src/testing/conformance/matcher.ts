/** Conformance checks for a Matcher: result shape, read-only input, abort and error codes. */
import type { JsonObject } from '../../context.ts';
import type { MatchInput, Matcher } from '../../stages/matcher.ts';
import type { FakeContextOptions } from '../fake-context.ts';
import { sampleMatchInputs } from '../sample-values.ts';
import { answerOrNullChecks } from './answer-or-null.ts';
import type { ConformanceCheck } from './check.ts';
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
  return answerOrNullChecks({
    stage: 'matcher',
    call: 'match()',
    answerName: 'MatchResult',
    nullWhen: 'it cannot tell',
    create: options.create,
    answer: (matcher, input: MatchInput, ctx) => matcher.match(input, ctx),
    label: (input) => `title ${input.title.titleIndex}`,
    validate: (result) => validateMatchResult(result),
    inputs: () => options.inputs ?? sampleMatchInputs(),
    ...(options.unanswerable ? { unanswerable: options.unanswerable } : {}),
    ...(options.mustAnswer !== undefined ? { mustAnswer: options.mustAnswer } : {}),
    ...(options.context ? { context: options.context } : {}),
    ...(options.abortWithinMs !== undefined ? { abortWithinMs: options.abortWithinMs } : {}),
  });
}
