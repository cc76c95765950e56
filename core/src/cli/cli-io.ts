/** Where the client commands write, so tests can capture it; the real one is the process's streams. */
export interface CliIO {
  out(text: string): void;
  err(text: string): void;
  /** Standard output is a terminal: draw the progress bar in place. */
  isTTY: boolean;
  columns: number;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function processIO(): CliIO {
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    isTTY: process.stdout.isTTY === true,
    columns: process.stdout.columns ?? 80,
    env: process.env,
    cwd: process.cwd(),
  };
}
