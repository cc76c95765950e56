/**
 * The sanitized bug report behind GET /api/diagnostics/report: system facts, the configured
 * tools and pipeline, the plugins, recent warnings and errors (newest first), and optionally one
 * job's state, error and timeline. The whole text is sanitized once at the end (secrets,
 * pseudonym, home directory), and the issue URL is built from the sanitized text.
 */
import { NotFoundError } from '@spindle/plugin-sdk';
import os from 'node:os';
import type { AppConfig } from '../config/app-config-fields.ts';
import type { ServerSettings } from '../config/server-settings.ts';
import type { LogEntry } from '../logging/logger.ts';
import { resolveDatabasePath } from '../persistence/database-url.ts';
import type { JobRepository } from '../persistence/ports.ts';
import type { JobEventRecord, JobRecord } from '../persistence/records.ts';
import type { PluginInfo } from '../plugins/plugin-registry.ts';
import { configuredSecretValues } from '../config/secret-registry.ts';
import { buildIssueUrl } from './issue-url.ts';
import { createSanitizer } from './report-sanitizer.ts';

export interface DiagnosticsSources {
  version: string;
  settings: Pick<ServerSettings, 'dataDir' | 'databaseUrl' | 'debug'>;
  config: () => AppConfig;
  problems: () => readonly LogEntry[];
  plugins: () => readonly PluginInfo[];
  jobs: Pick<JobRepository, 'get' | 'timeline'>;
  /** Default: os.homedir(). */
  homeDir?: string;
  platform?: NodeJS.Platform;
}

export interface DiagnosticsReport {
  report: string;
  issue_url: string;
}

/** Recent problems shown in the report (the log keeps up to 200). */
export const REPORT_PROBLEM_LIMIT = 50;
const GIB = 1024 ** 3;

const code = (value: unknown) => `\`${String(value).replace(/`/g, "'")}\``;
const gib = (bytes: number) => `${(bytes / GIB).toFixed(1)} GiB`;
const iso = (date: Date | null) => (date ? date.toISOString() : '—');

function databaseLocation(settings: DiagnosticsSources['settings']): string {
  try {
    return resolveDatabasePath(settings.databaseUrl, settings.dataDir);
  } catch {
    return '(invalid DATABASE_URL)';
  }
}

function systemSection(sources: DiagnosticsSources, platform: NodeJS.Platform): string[] {
  const cpus = os.cpus();
  return [
    '## System',
    `- Spindle: ${sources.version}`,
    `- OS: ${os.type()} ${os.release()} (${platform}, ${os.arch()})`,
    `- Node.js: ${process.version}`,
    `- CPUs: ${os.availableParallelism()}${cpus[0] ? ` × ${cpus[0].model.trim()}` : ''}`,
    `- Memory: ${gib(os.totalmem())} total, ${gib(os.freemem())} free`,
    `- Data directory: ${code(sources.settings.dataDir)}`,
    `- Database: ${code(databaseLocation(sources.settings))}`,
    `- DEBUG: ${sources.settings.debug ? 'on' : 'off'}`,
  ];
}

function configSection(config: AppConfig): string[] {
  const set = (value: unknown) => (value === null || value === '' ? 'not set' : 'set');
  const stages = config.pipeline;
  return [
    '## Configuration',
    `- Ripper path: ${config.ripper_path ? code(config.ripper_path) : 'auto-detect'}`,
    `- Media tool path: ${config.media_tool_path ? code(config.media_tool_path) : 'auto-detect'}`,
    `- Ripper key: ${set(config.ripper_key)}; catalog API key: ${set(config.catalog_api_key)}`,
    `- Max concurrent matches: ${config.max_concurrent_matches}; transcoding: ${config.transcoding_enabled ? 'on' : 'off'}`,
    `- Pipeline: detectors ${code(stages.detectors.join(', ') || '—')}, identifiers ${code(stages.identifiers.join(', ') || '—')}, ` +
      `rippers ${code(`disc=${stages.rippers.disc ?? '—'} folder=${stages.rippers.folder ?? '—'}`)}, matchers ${code(stages.matchers.join(', ') || '—')}, ` +
      `organizer ${code(stages.organizer ?? '—')}`,
  ];
}

function pluginSection(plugins: readonly PluginInfo[]): string[] {
  if (plugins.length === 0) return ['## Plugins', '- none found'];
  return [
    '## Plugins',
    ...plugins.map((p) => `- ${p.id} ${p.version} — ${p.status} (${p.origin})${p.problem ? `: ${p.problem}` : ''}`),
  ];
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value); // cycles or BigInts must not break the report
  }
}

function problemLine(entry: LogEntry): string {
  const fields = entry.fields ? ` ${safeJson(entry.fields)}` : '';
  return `- ${entry.at} ${entry.level.toUpperCase()} [${entry.scope}] ${entry.message}${fields}`;
}

function problemSection(problems: readonly LogEntry[]): string[] {
  const recent = problems.slice(-REPORT_PROBLEM_LIMIT).reverse();
  const head = `## Recent warnings and errors (${recent.length}${problems.length > recent.length ? ` of ${problems.length}` : ''}, newest first)`;
  return recent.length === 0 ? [head, '- none'] : [head, ...recent.map(problemLine)];
}

function jobSection(job: JobRecord, timeline: readonly JobEventRecord[]): string[] {
  return [
    `## Job ${job.id}`,
    `- State: ${job.state}${job.clearedAt ? ' (cleared)' : ''}`,
    `- Source: ${job.sourceKind}; content type: ${job.contentType}; volume label: ${code(job.volumeLabel)}`,
    `- Identified as: ${job.catalogTitle ?? job.detectedTitle ?? '—'}${job.classificationSource ? ` (${job.classificationSource})` : ''}`,
    `- Progress: ${job.progressPercent}%; subtitles: ${job.subtitleStatus ?? '—'}`,
    `- Created ${iso(job.createdAt)}, updated ${iso(job.updatedAt)}, completed ${iso(job.completedAt)}`,
    `- Error: ${job.errorMessage ?? '—'}`,
    ...(job.reviewReason ? [`- Review reason: ${job.reviewReason}`] : []),
    '',
    '### Timeline',
    ...(timeline.length === 0
      ? ['- no transitions recorded']
      : timeline.map(
          (e) => `- ${iso(e.at)} ${e.fromState ?? '(new)'} → ${e.toState}${e.message ? `: ${e.message}` : ''}`,
        )),
  ];
}

export async function buildDiagnosticsReport(sources: DiagnosticsSources, jobId?: number): Promise<DiagnosticsReport> {
  const platform = sources.platform ?? process.platform;
  let jobLines: string[] = [];
  if (jobId !== undefined) {
    const job = await sources.jobs.get(jobId);
    if (!job) throw new NotFoundError('job_not_found', `Job ${jobId} does not exist`);
    jobLines = jobSection(job, await sources.jobs.timeline(jobId));
  }
  const config = sources.config();
  const plugins = sources.plugins();
  const sections = [
    [
      '# Spindle diagnostics report',
      `Generated ${new Date().toISOString()}. Secrets, the contribution pseudonym and the home directory are removed.`,
    ],
    systemSection(sources, platform),
    // The job comes before the long lists so a truncated issue link still carries it.
    jobLines,
    configSection(config),
    pluginSection(plugins),
    problemSection(sources.problems()),
  ].filter((lines) => lines.length > 0);
  const sanitize = createSanitizer({
    secrets: configuredSecretValues(config),
    pseudonym: config.contribution_pseudonym,
    homeDir: sources.homeDir ?? os.homedir(),
    platform,
  });
  const report = sanitize(sections.map((lines) => lines.join('\n')).join('\n\n') + '\n');
  const title = sanitize(
    jobId === undefined
      ? `Bug report (Spindle ${sources.version})`
      : `Bug report: job ${jobId} (Spindle ${sources.version})`,
  );
  return { report, issue_url: buildIssueUrl(title, report) };
}
