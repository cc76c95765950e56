/**
 * `spindle retry <job-id> [--from identifying|ripping|matching|organizing] [--watch]`: run a failed
 * or completed job again from where it needs redoing (or re-identify / re-match it), keeping its id.
 */
import { parseArgs, wholeNumber } from './cli-args.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT, usageError, type ExitCode } from './exit-codes.ts';
import { clientFor } from './service-client.ts';
import { followJob } from './watch-command.ts';

export const RETRY_USAGE =
  'spindle retry <job-id> [--from identifying|ripping|matching|organizing] [--watch] [--json] [--url URL] [--token TOKEN]';
const FROM = ['identifying', 'ripping', 'matching', 'organizing'];

export async function retryCommand(argv: string[], io: CliIO): Promise<ExitCode> {
  const args = parseArgs(argv, { options: ['from'], flags: ['watch', 'json'] });
  if (args.flags.has('help')) {
    io.out(`${RETRY_USAGE}\n`);
    return EXIT.OK;
  }
  if (args.positionals.length !== 1) throw usageError(`retry needs one job id: ${RETRY_USAGE}`);
  const id = wholeNumber(args.positionals[0]!, 'job id', 1);
  const from = args.options.from;
  if (from !== undefined && !FROM.includes(from))
    throw usageError(`--from must be one of ${FROM.join(', ')}, got "${from}"`);
  const client = clientFor(args.options, io);
  const job = (
    await client.request<{ id: number; state: string }>('POST', `/api/jobs/${id}/retry`, from ? { from } : {})
  ).body;
  if (args.flags.has('json')) io.out(`${JSON.stringify(job, null, 2)}\n`);
  else
    io.out(
      `Job ${job.id} runs again (${job.state}).${args.flags.has('watch') ? '' : ` Follow it with: spindle watch ${job.id}`}\n`,
    );
  return args.flags.has('watch') ? followJob(client, job.id, io) : EXIT.OK;
}
