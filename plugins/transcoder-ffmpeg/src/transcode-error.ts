/** The transcoder's coded errors (category ripper: transcoding is part of a job's ripping state). */
import { AbortedError, SpindleError, type SpindleErrorOptions } from '@spindle/plugin-sdk';

export class TranscodeError extends SpindleError {
  constructor(code: string, message: string, options: Omit<SpindleErrorOptions, 'category'> = {}) {
    super(code, message, { ...options, category: 'ripper' });
  }

  static aborted(signal: AbortSignal): AbortedError {
    const reason: unknown = signal.reason;
    return new AbortedError(reason instanceof Error ? reason.message : 'Transcoding aborted', { cause: reason });
  }
}
