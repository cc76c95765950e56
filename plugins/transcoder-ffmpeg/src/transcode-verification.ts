/**
 * The check an output must pass before it may replace its input: the same duration (within the
 * tolerance), every video, audio and subtitle stream present, and the chapters kept.
 */
import type { TranscodeVerification } from '@spindle/plugin-sdk';
import type { MediaFacts } from './media-probe.ts';

/** What is wrong with the output; empty when it passes. */
export function verificationProblems(input: MediaFacts, output: MediaFacts, toleranceSeconds: number): string[] {
  const problems: string[] = [];
  const drift = Math.abs(output.durationSeconds - input.durationSeconds);
  if (drift > toleranceSeconds) {
    problems.push(
      `it lasts ${output.durationSeconds.toFixed(2)} s instead of ${input.durationSeconds.toFixed(2)} s (off by ${drift.toFixed(2)} s, at most ${toleranceSeconds} s allowed)`,
    );
  }
  for (const kind of ['video', 'audio', 'subtitle'] as const) {
    if (output.streams[kind] < input.streams[kind]) {
      problems.push(`it has ${output.streams[kind]} ${kind} stream(s) instead of ${input.streams[kind]}`);
    }
  }
  if (output.chapters < input.chapters)
    problems.push(`it has ${output.chapters} chapter(s) instead of ${input.chapters}`);
  return problems;
}

export function toVerification(input: MediaFacts, output: MediaFacts): TranscodeVerification {
  return {
    inputDurationSeconds: input.durationSeconds,
    outputDurationSeconds: output.durationSeconds,
    streams: { input: { ...input.streams }, output: { ...output.streams } },
    chapters: { input: input.chapters, output: output.chapters },
  };
}
