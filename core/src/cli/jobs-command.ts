/** `spindle jobs [--json]`: the active jobs (newest first, at most 10) as a table. */
import { parseArgs } from './cli-args.ts';
import type { CliIO } from './cli-io.ts';
import { EXIT, usageError, type ExitCode } from './exit-codes.ts';
import { clientFor } from './service-client.ts';

export const JOBS_USAGE = 'spindle jobs [--json] [--url URL] [--token TOKEN]';

interface JobRow {
  id: number;
  state: string;
  progress_percent: number;
  content_type: string;
  volume_label: string;
  detected_title: string | null;
  detected_season: number | null;
  catalog_title: string | null;
}

function titleOf(job: JobRow): string {
  const name = job.catalog_title ?? job.detected_title;
  if (!name) return '—';
  return job.content_type === 'tv' && job.detected_season !== null ? `${name} S${job.detected_season}` : name;
}

export function jobsTable(jobs: JobRow[]): string {
  const rows = [
    ['ID', 'STATE', 'PROGRESS', 'TITLE', 'LABEL'],
    ...jobs.map((j) => [String(j.id), j.state, `${Math.round(j.progress_percent)}%`, titleOf(j), j.volume_label]),
  ];
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows
    .map((r) => r.map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c]!))).join('  '))
    .join('\n');
}

export async function jobsCommand(argv: string[], io: CliIO): Promise<ExitCode> {
  const args = parseArgs(argv, { flags: ['json'] });
  if (args.flags.has('help')) {
    io.out(`${JOBS_USAGE}\n`);
    return EXIT.OK;
  }
  if (args.positionals.length > 0) throw usageError(`jobs takes no arguments: ${JOBS_USAGE}`);
  const client = clientFor(args.options, io);
  const jobs = (await client.request<JobRow[]>('GET', '/api/jobs')).body;
  if (args.flags.has('json')) io.out(`${JSON.stringify(jobs, null, 2)}\n`);
  else io.out(jobs.length === 0 ? 'No active jobs.\n' : `${jobsTable(jobs)}\n`);
  return EXIT.OK;
}
