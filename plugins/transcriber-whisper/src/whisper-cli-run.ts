/**
 * One whisper-cli run, spawned directly through the SDK's process runner: no shell, no change of
 * the working directory, output written to a private work folder, killed (with its process group)
 * on abort or timeout. See docs/adr/0005-whisper-cli-spawned-directly.md.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AbortedError, MatchingError, type ProcessRunner } from '@spindle/plugin-sdk';
import { parseWhisperJson, type ParsedTranscript } from './whisper-json.ts';

export interface WhisperRun {
  binary: string;
  model: string;
  wavPath: string;
  language: string;
  threads: number;
  workDir: string;
  signal: AbortSignal;
  timeoutMs: number;
  /** Extra decoding flags (e.g. the benchmark's bound on decoded tokens). */
  extraArgs?: readonly string[];
}

/** whisper.cpp's messages when a model file cannot be loaded (src/whisper.cpp, examples/cli/cli.cpp). */
const MODEL_LOAD_FAILURE =
  /failed to (load model|initialize whisper context)|invalid model|bad magic|bad vocab|unknown tensor|wrong (size|shape)|not all tensors loaded/i;

/** whisper-cli exited because it could not load the model file. */
export class ModelLoadError extends Error {}

/** "en-US" → "en"; empty → "auto" (whisper detects the language). */
export function whisperLanguage(language: string): string {
  const code = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (code === '' || code === 'auto') return 'auto';
  if (!/^[a-z]{2,3}$/.test(code)) {
    throw new MatchingError(
      'transcribe_language_invalid',
      `"${language}" is not a language code whisper knows (use e.g. "en").`,
    );
  }
  return code;
}

export function whisperArgs(run: Omit<WhisperRun, 'binary' | 'signal' | 'timeoutMs' | 'extraArgs'>): string[] {
  return [
    '-m',
    run.model,
    '-f',
    run.wavPath,
    '-t',
    String(run.threads),
    '-l',
    whisperLanguage(run.language),
    '-oj',
    '-of',
    join(run.workDir, 'transcript'),
  ];
}

const lastLines = (text: string, count: number) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-count)
    .join(' | ');

export async function runWhisperCli(processes: ProcessRunner, run: WhisperRun): Promise<ParsedTranscript> {
  const args = [...whisperArgs(run), ...(run.extraArgs ?? [])];
  const result = await processes
    .run(run.binary, args, { signal: run.signal, timeoutMs: run.timeoutMs })
    .catch((error: unknown) => {
      if (error instanceof Error && (error as { code?: unknown }).code === 'process_timed_out') {
        throw new MatchingError(
          'whisper_timed_out',
          `whisper-cli did not finish within ${Math.round(run.timeoutMs / 1000)} s and was stopped.`,
          {
            retryable: true,
            cause: error,
          },
        );
      }
      throw error;
    });
  if (result.aborted) throw new AbortedError('Transcription aborted; whisper-cli was stopped');
  if (result.exitCode !== 0) {
    if (MODEL_LOAD_FAILURE.test(result.stderr)) throw new ModelLoadError(lastLines(result.stderr, 3));
    const how = result.exitCode === null ? 'was killed by a signal' : `failed (exit code ${result.exitCode})`;
    throw new MatchingError('whisper_failed', `whisper-cli ${how}: ${lastLines(result.stderr, 4) || 'no message'}`, {
      retryable: true,
    });
  }
  const jsonPath = join(run.workDir, 'transcript.json');
  if (!existsSync(jsonPath)) {
    throw new MatchingError(
      'whisper_output_missing',
      `whisper-cli wrote no transcript: ${lastLines(result.stderr, 3) || 'no message'}`,
    );
  }
  return parseWhisperJson(await readFile(jsonPath, 'utf8'));
}
