/**
 * What is running on this machine, read from /proc: processes that belong to a test (their command
 * line or environment names one of the test's unique paths), and a process's memory (VmRSS, VmHWM).
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  cmdline: string;
}

const read = (path: string): string | null => {
  try {
    return readFileSync(path, 'latin1');
  } catch {
    return null;
  }
};

/** Live processes (zombies excluded) whose cmdline or environment contains `marker`; never this process. */
export function processesMentioning(marker: string): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    const stat = read(`/proc/${pid}/stat`);
    if (!stat || /\) Z /.test(stat)) continue; // gone, or a zombie waiting for its parent
    const cmdline = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').join(' ').trim();
    const environ = read(`/proc/${pid}/environ`) ?? '';
    if (cmdline.includes(marker) || environ.includes(marker)) found.push({ pid, cmdline });
  }
  return found;
}

export function isAlive(pid: number): boolean {
  const stat = read(`/proc/${pid}/stat`);
  return stat !== null && !/\) Z /.test(stat);
}

/** VmRSS and VmHWM of a process in bytes (null when it is gone). */
export function memoryOf(pid: number): { rss: number; hwm: number } | null {
  const status = read(`/proc/${pid}/status`);
  if (!status) return null;
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Samples a process's memory every `everyMs` until stopped; reports the peak (VmHWM covers what sampling misses). */
export function sampleMemory(pid: number, everyMs = 100) {
  const samples: number[] = [];
  let hwm = 0;
  const take = () => {
    const m = memoryOf(pid);
    if (!m) return;
    samples.push(m.rss);
    hwm = Math.max(hwm, m.hwm);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop() {
      clearInterval(timer);
      take();
      return {
        peakRss: Math.max(0, ...samples),
        hwm,
        first: samples[0] ?? 0,
        last: samples.at(-1) ?? 0,
        count: samples.length,
      };
    },
  };
}

export const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

function parentOf(pid: number): number | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** Direct children of a process. */
export function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map(Number)
    .filter((p) => parentOf(p) === pid);
}

/**
 * The process that runs the service: `spawnService` starts the tsx CLI, which starts Node with
 * tsx's loader as its child (the one running core/src/cli/main.ts). SIGKILL must hit that one —
 * killing only the tsx CLI would leave the service running.
 */
export function serviceNodePid(launcherPid: number): number {
  const child = childrenOf(launcherPid).find((p) => (read(`/proc/${p}/cmdline`) ?? '').includes('main.ts'));
  return child ?? launcherPid;
}

/** A process's nice value (field 19 of /proc/<pid>/stat) and its command name, or null when it is gone. */
export function schedulingOf(pid: number): { nice: number; comm: string } | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  // Fields after the command: state(3) ppid(4) … priority(18) nice(19).
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(rest[16]), comm };
}
