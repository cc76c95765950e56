/**
 * Exit codes of the `spindle` client commands. `watch` mirrors the job's end: 0 completed,
 * 1 failed, 2 waiting for review. The rest follow sysexits(3) where one fits.
 */
export const EXIT = {
  OK: 0,
  /** `watch`: the job failed (also: an unexpected error in the CLI itself). */
  JOB_FAILED: 1,
  /** `watch`: the job waits for review. */
  JOB_REVIEW: 2,
  /** The service refused the request (400/404/409): e.g. a folder that does not exist, an unknown job. */
  REFUSED: 3,
  /** Wrong arguments or unknown command. */
  USAGE: 64,
  /** No Spindle service answers at the URL (not running, wrong --url). */
  UNAVAILABLE: 69,
  /** The service answered with an error of its own (5xx) or something that is not Spindle's API. */
  SERVICE_ERROR: 70,
  /** `install-service`: the unit file could not be written (e.g. no permission). */
  CANT_CREATE: 73,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** An error that ends the command with its exit code and message. */
export class CliError extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) =>
  new CliError(EXIT.USAGE, `${message}\nRun "spindle help" for the commands and their options.`);
