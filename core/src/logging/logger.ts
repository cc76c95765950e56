/**
 * The one logging sink: one line per entry on stderr (or a custom writer), secrets redacted,
 * with a bounded in-memory ring of recent warnings/errors for the diagnostics report.
 */
import type { Logger } from '@spindle/plugin-sdk';
import type { SecretRedactor } from './secret-redactor.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LogEntry {
  at: string;
  level: LogLevel;
  scope: string;
  message: string;
  fields?: Record<string, unknown>;
}

export interface LogSinkOptions {
  level: LogLevel;
  redactor: SecretRedactor;
  write?: (line: string) => void;
  recentLimit?: number;
}

export class LogSink {
  private readonly recent: LogEntry[] = [];
  private readonly write: (line: string) => void;
  private readonly recentLimit: number;

  constructor(private readonly options: LogSinkOptions) {
    this.write = options.write ?? ((line) => process.stderr.write(line + '\n'));
    this.recentLimit = options.recentLimit ?? 200;
  }

  logger(scope: string): Logger {
    const log = (level: LogLevel) => (message: string, fields?: Record<string, unknown>) =>
      this.log(level, scope, message, fields);
    return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  }

  log(level: LogLevel, scope: string, message: string, fields?: Record<string, unknown>): void {
    const redactor = this.options.redactor;
    const entry: LogEntry = { at: new Date().toISOString(), level, scope, message: redactor.redact(message) };
    if (fields && Object.keys(fields).length > 0)
      entry.fields = redactor.redactValue(fields) as Record<string, unknown>;
    if (ORDER[level] >= ORDER.warn) {
      this.recent.push(entry);
      if (this.recent.length > this.recentLimit) this.recent.shift();
    }
    if (ORDER[level] < ORDER[this.options.level]) return;
    const extra = entry.fields ? ' ' + JSON.stringify(entry.fields) : '';
    this.write(`${entry.at} ${level.toUpperCase().padEnd(5)} [${scope}] ${entry.message}${extra}`);
  }

  /** Recent warnings and errors, oldest first. */
  recentProblems(): LogEntry[] {
    return [...this.recent];
  }
}
