/**
 * `spindle watch <job-id>`: live progress from the service's WebSocket until the job ends, then
 * the outcome; the exit code says it (0 completed, 1 failed, 2 review needed). On a terminal the
 * progress bar is redrawn in place; otherwise a line is printed per state change and per 10 %.
 */
import { COMMON, parseArgs, wholeNumber } from './cli-args.ts';
import type { CliIO } from './cli-io.ts';
import { CliError, EXIT, usageError, type ExitCode } from './exit-codes.ts';
import { outcomeLine, progressLine, type JobSnapshot } from './progress-line.ts';
import { clientFor, ServiceClient } from './service-client.ts';

export const WATCH_USAGE = 'spindle watch <job-id> [--url URL] [--token TOKEN]';

const ENDS: Record<string, ExitCode> = { completed: EXIT.OK, failed: EXIT.JOB_FAILED, review_needed: EXIT.JOB_REVIEW };

/** Writes updates: in place on a terminal, else a line per state change or 10 % step. */
class ProgressPrinter {
  private lastState = '';
  private lastDecile = -1;
  private drawn = false;

  constructor(private readonly io: CliIO) {}

  update(job: JobSnapshot): void {
    const line = progressLine(job, this.io.columns);
    if (this.io.isTTY) {
      this.io.out(`\r\x1b[2K${line}`);
      this.drawn = true;
      return;
    }
    const decile = Math.floor(job.progress_percent / 10);
    if (job.state === this.lastState && decile === this.lastDecile) return;
    this.lastState = job.state;
    this.lastDecile = decile;
    this.io.out(`${line}\n`);
  }

  finish(job: JobSnapshot): void {
    if (this.drawn) this.io.out('\n');
    this.io.out(`${outcomeLine(job)}\n`);
  }
}

interface Socket {
  next(): Promise<JobSnapshot | 'closed'>;
  close(): void;
}

/** Opens /ws and queues this job's job_update messages. */
function openSocket(client: ServiceClient, jobId: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    // Node's WebSocket takes the upgrade's headers (the API token) in a second argument the DOM typings do not know.
    const NodeWebSocket = WebSocket as unknown as new (
      url: string,
      init: { headers: Record<string, string> },
    ) => WebSocket;
    const ws = new NodeWebSocket(client.wsUrl, { headers: client.headers });
    const queue: (JobSnapshot | 'closed')[] = [];
    let wake: (() => void) | null = null;
    const push = (item: JobSnapshot | 'closed') => {
      queue.push(item);
      wake?.();
    };
    ws.addEventListener('message', (event) => {
      try {
        const message = JSON.parse(String(event.data)) as { type?: string; job_id?: number } & JobSnapshot;
        if (message.type === 'job_update' && message.job_id === jobId) push({ ...message, id: jobId });
      } catch {
        // not JSON: not ours
      }
    });
    ws.addEventListener('open', () =>
      resolve({
        async next() {
          while (queue.length === 0) await new Promise<void>((r) => (wake = r));
          wake = null;
          return queue.shift()!;
        },
        close: () => ws.close(),
      }),
    );
    ws.addEventListener('error', () =>
      reject(
        new CliError(
          EXIT.UNAVAILABLE,
          `Spindle at ${client.baseUrl} answers, but its live connection ${client.wsUrl} could not be opened.`,
        ),
      ),
    );
    ws.addEventListener('close', () => push('closed'));
  });
}

/** Follows a job until it ends; returns the exit code of its outcome. */
export async function followJob(client: ServiceClient, jobId: number, io: CliIO): Promise<ExitCode> {
  // Does the job exist (and does the service answer)? Then listen, then read the job again:
  // no change between reading and listening is missed.
  await client.request('GET', `/api/jobs/${jobId}`);
  const socket = await openSocket(client, jobId);
  const printer = new ProgressPrinter(io);
  try {
    let job = (await client.request<JobSnapshot>('GET', `/api/jobs/${jobId}`)).body;
    for (;;) {
      const end = ENDS[job.state];
      if (end !== undefined) {
        printer.finish(job);
        return end;
      }
      printer.update(job);
      const next = await socket.next();
      if (next === 'closed') {
        // The service went away (stopped or restarted): say so, with what we last knew.
        if (io.isTTY) io.out('\n');
        throw new CliError(
          EXIT.UNAVAILABLE,
          `Lost the connection to Spindle at ${client.baseUrl} while job ${jobId} was ${job.state}.`,
        );
      }
      job = { ...job, ...next };
    }
  } finally {
    socket.close();
  }
}

export async function watchCommand(argv: string[], io: CliIO): Promise<ExitCode> {
  const args = parseArgs(argv, COMMON);
  if (args.flags.has('help')) {
    io.out(`${WATCH_USAGE}\n`);
    return EXIT.OK;
  }
  if (args.positionals.length !== 1) throw usageError(`watch needs one job id: ${WATCH_USAGE}`);
  const jobId = wholeNumber(args.positionals[0], 'The job id');
  return followJob(clientFor(args.options, io), jobId, io);
}
