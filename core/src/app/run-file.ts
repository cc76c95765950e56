/**
 * The run file: `spindle.run.json` in the data folder says where the running service listens (URL,
 * port, pid), so the command line finds it whatever HOST and PORT it was started with. The service
 * writes it once it listens and removes it when it stops cleanly; a file whose process is gone (a
 * crash, a kill -9, a power cut) is stale: the CLI ignores it and the next start replaces it.
 * Only node:fs here: the client commands read it without loading the service.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RUN_FILE_NAME = 'spindle.run.json';

export interface RunInfo {
  url: string;
  pid: number;
  port: number;
  host: string;
  version: string;
  started_at: string;
}

export type RunFileState =
  { state: 'none' } | { state: 'running'; info: RunInfo } | { state: 'stale'; info: RunInfo; path: string };

export const runFilePath = (dataDir: string) => join(dataDir, RUN_FILE_NAME);

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parse(text: string): RunInfo | null {
  try {
    const value = JSON.parse(text) as Partial<RunInfo>;
    if (typeof value.url !== 'string' || !Number.isInteger(value.pid) || (value.pid ?? 0) <= 0) return null;
    return value as RunInfo;
  } catch {
    return null;
  }
}

export function readRunFile(dataDir: string, alive: (pid: number) => boolean = processAlive): RunFileState {
  const path = runFilePath(dataDir);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return { state: 'none' };
  }
  const info = parse(text);
  if (!info) return { state: 'stale', info: { url: '', pid: 0, port: 0, host: '', version: '', started_at: '' }, path };
  return alive(info.pid) ? { state: 'running', info } : { state: 'stale', info, path };
}

/** Written whole (temporary file, then rename) so a reader never sees half of it. */
export function writeRunFile(dataDir: string, info: RunInfo): void {
  const path = runFilePath(dataDir);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(info, null, 2) + '\n', { mode: 0o644 });
  renameSync(temporary, path);
}

/** Removes the run file if it is still this process's (another service may have taken over the folder). */
export function removeRunFile(dataDir: string, pid: number = process.pid): void {
  const current = readRunFile(dataDir, () => true);
  if (current.state !== 'none' && current.info.pid === pid) rmSync(runFilePath(dataDir), { force: true });
}
