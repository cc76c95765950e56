/**
 * The tools Spindle is running (makemkvcon, ffmpeg, …), one small file per process under
 * `{data_dir}/run/tools/`. Tools run in their own process group so that cancel can stop a whole
 * tree; the price is that they outlive Spindle when it is killed (SIGKILL, OOM killer, power to the
 * process only). At the next start `stopLeftovers()` ends every tool the ledger still lists whose
 * process is the very one that was started (its start time in /proc matches, so a recycled PID is
 * never hit), before interrupted jobs are resumed. Where /proc is missing (macOS, Windows) the
 * entries are only dropped.
 */
import type { ChildProcessObserver, Logger } from '@spindle/plugin-sdk';
import { mkdirSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '@spindle/plugin-sdk';

interface Entry {
  pid: number;
  file: string;
  /** Field 22 of /proc/<pid>/stat (clock ticks after boot); null where there is no /proc. */
  startTicks: string | null;
}

function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // pid (comm) state ppid pgrp … — comm may hold spaces and parentheses: split after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

export class ToolProcessLedger implements ChildProcessObserver {
  private readonly dir: string;

  constructor(
    dataDir: string,
    private readonly logger: Logger,
  ) {
    this.dir = join(dataDir, 'run', 'tools');
  }

  started(pid: number, file: string): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      writeFileSync(
        join(this.dir, `${pid}.json`),
        JSON.stringify({ pid, file, startTicks: startTicksOf(pid) } satisfies Entry),
      );
    } catch (error) {
      this.logger.debug('could not note a started tool in the ledger', { pid, error: errorMessage(error) });
    }
  }

  ended(pid: number): void {
    try {
      unlinkSync(join(this.dir, `${pid}.json`));
    } catch {
      // never written, or already gone
    }
  }

  /** Stops the tools a previous run left behind; returns what was stopped. */
  stopLeftovers(): { pid: number; file: string }[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    } catch {
      return [];
    }
    const stopped: { pid: number; file: string }[] = [];
    for (const name of names) {
      let entry: Entry | null = null;
      try {
        entry = JSON.parse(readFileSync(join(this.dir, name), 'utf8')) as Entry;
      } catch {
        // a half-written entry: its process, if any, cannot be told apart from another
      }
      rmSync(join(this.dir, name), { force: true });
      if (!entry || !Number.isInteger(entry.pid) || entry.pid <= 1 || entry.startTicks === null) continue;
      if (startTicksOf(entry.pid) !== entry.startTicks) continue; // gone, or the PID now belongs to someone else
      for (const target of [-entry.pid, entry.pid]) {
        try {
          process.kill(target, 'SIGKILL'); // its process group first (the tool and what it started)
        } catch {
          // no such group or process
        }
      }
      stopped.push({ pid: entry.pid, file: entry.file });
    }
    if (stopped.length > 0) {
      this.logger.warn(
        `stopped ${stopped.length} tool process(es) left running by the previous run: ${stopped.map((s) => `${s.file} (pid ${s.pid})`).join(', ')}`,
      );
    }
    return stopped;
  }
}
