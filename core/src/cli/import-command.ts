/**
 * `spindle import <folder> [--title T] [--season N] [--type tv|movie] [--label L] [--watch]`:
 * a job from a folder of MKV files on the machine running Spindle. A stated type and title win
 * over identification. `--watch` follows the job like `spindle watch` (and exits like it).
 */
import { resolve } from 'node:path';
import { parseArgs, wholeNumber } from './cli-args.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT, usageError, type ExitCode } from './exit-codes.ts';
import { clientFor } from './service-client.ts';
import { followJob } from './watch-command.ts';

export const IMPORT_USAGE =
  'spindle import <folder> [--title TITLE] [--season N] [--type tv|movie] [--label LABEL] [--mode copy|move] [--watch] [--json] [--url URL] [--token TOKEN]';

export async function importCommand(argv: string[], io: CliIO): Promise<ExitCode> {
  const args = parseArgs(argv, { options: ['title', 'season', 'type', 'label', 'mode'], flags: ['watch', 'json'] });
  if (args.flags.has('help')) {
    io.out(`${IMPORT_USAGE}\n`);
    return EXIT.OK;
  }
  if (args.positionals.length !== 1) throw usageError(`import needs one folder: ${IMPORT_USAGE}`);
  const type = args.options.type;
  if (type !== undefined && type !== 'tv' && type !== 'movie')
    throw usageError(`--type must be tv or movie, got "${type}"`);
  const mode = args.options.mode;
  if (mode !== undefined && mode !== 'copy' && mode !== 'move')
    throw usageError(`--mode must be copy or move, got "${mode}"`);
  if (type === 'movie' && args.options.season !== undefined)
    throw usageError('--season is for TV discs only; leave it out for a movie');
  const body = {
    // The service reads the folder: send an absolute path, resolved where the command runs.
    staging_path: resolve(io.cwd, args.positionals[0]!),
    ...(type ? { content_type: type } : {}),
    ...(args.options.title ? { detected_title: args.options.title } : {}),
    ...(args.options.season !== undefined ? { detected_season: wholeNumber(args.options.season, '--season', 0) } : {}),
    ...(args.options.label ? { volume_label: args.options.label } : {}),
    ...(mode ? { mode } : {}),
  };
  const client = clientFor(args.options, io);
  const job = (
    await client.request<{ id: number; state: string; volume_label: string }>('POST', '/api/staging/import', body)
  ).body;
  if (args.flags.has('json')) io.out(`${JSON.stringify(job, null, 2)}\n`);
  else
    io.out(
      `Job ${job.id} created for ${body.staging_path} (${job.volume_label}).${args.flags.has('watch') ? '' : ` Follow it with: spindle watch ${job.id}`}\n`,
    );
  return args.flags.has('watch') ? followJob(client, job.id, io) : EXIT.OK;
}
