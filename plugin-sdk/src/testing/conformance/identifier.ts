/** Conformance checks for an Identifier: answer shape, read-only input, abort and error codes. */
import type { JsonObject } from '../../context.ts';
import type { IdentifyInput, Identifier } from '../../stages/identifier.ts';
import type { FakeContextOptions } from '../fake-context.ts';
import { sampleIdentifyInputs } from '../sample-values.ts';
import { answerOrNullChecks } from './answer-or-null.ts';
import type { ConformanceCheck } from './check.ts';
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
  return answerOrNullChecks({
    stage: 'identifier',
    call: 'identify()',
    answerName: 'Identification',
    nullWhen: 'it has nothing to say',
    create: options.create,
    answer: (identifier, input: IdentifyInput, ctx) => identifier.identify(input, ctx),
    label: (input, i) => `input #${i + 1} (${input.job.volumeLabel})`,
    validate: (answer, input) => validateIdentification(answer, input.scan),
    inputs: () => options.inputs ?? sampleIdentifyInputs(),
    ...(options.unanswerable ? { unanswerable: options.unanswerable } : {}),
    ...(options.mustAnswer !== undefined ? { mustAnswer: options.mustAnswer } : {}),
    ...(options.context ? { context: options.context } : {}),
    ...(options.abortWithinMs !== undefined ? { abortWithinMs: options.abortWithinMs } : {}),
  });
}
