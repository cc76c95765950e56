/**
 * npm run bench:footprint — the production start as a user runs it (`npm start`), measured from the
 * outside: how many processes it leaves running, the service's idle resident memory, and the time
 * from starting `npm start` to the first 200 from /api/health. The compiled copy is built first
 * when needed (not timed: the targets are for a start after the first build). Each run gets a
 * fresh data folder and a free port.
 * Targets: one service process, idle RSS ≤ 150 MB, start to healthy ≤ 3 s.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 15);
const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (kib: number) => `${(kib / 1024).toFixed(1)} MB`;

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** Every process below `root` (children, grandchildren, …) with its command line and RSS in KiB. */
function tree(root: number): { pid: number; command: string; rssKiB: number }[] {
  const parent = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    if (stat) parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const out: { pid: number; command: string; rssKiB: number }[] = [];
  const visit = (pid: number) => {
    const command = (read(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean).join(' ');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(read(`/proc/${pid}/status`) ?? '')?.[1] ?? 0);
    out.push({ pid, command, rssKiB: rss });
    for (const [child, p] of parent) if (p === pid) visit(child);
  };
  visit(root);
  return out;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function healthyAfter(url: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await delay(25);
  }
}

/** The Node process running the service (not npm, not the shell npm runs the script with). */
const isService = (p: { command: string }) => /spindle\.js serve/.test(p.command) && !/^(\S*\/)?sh -c /.test(p.command);

/** CPU seconds a process has used so far (user + system). */
function cpuSeconds(pid: number): number {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Run {
  startToHealthyMs: number;
  /** CPU time the whole tree (npm, shell, service) used until healthy: the start's cost on a machine that is not busy. */
  cpuToHealthySeconds: number;
  processes: { pid: number; command: string; rssKiB: number }[];
  serviceRssKiB: number;
}

async function once(): Promise<Run> {
  const dataDir = await mkdtemp(join(tmpdir(), 'spindle-footprint-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: REPO,
    env: { ...process.env, SPINDLE_DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'ignore'],
    detached: true,
  });
  try {
    const startToHealthyMs = await healthyAfter(`http://127.0.0.1:${port}`, child, started);
    const cpuToHealthySeconds = tree(child.pid!).reduce((sum, p) => sum + cpuSeconds(p.pid), 0);
    await delay(IDLE_SECONDS * 1000);
    const processes = tree(child.pid!);
    const service = processes.filter(isService);
    if (service.length !== 1) throw new Error(`expected one service process, found: ${JSON.stringify(processes)}`);
    return { startToHealthyMs, cpuToHealthySeconds, processes, serviceRssKiB: service[0]!.rssKiB };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

const built = spawnSync(process.execPath, [join(REPO, 'core', 'scripts', 'build-dist.mjs'), '--if-needed'], {
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('the compiled copy could not be built');
const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await once());
const last = runs.at(-1)!;
console.log('npm start (compiled), after the first build:');
for (const p of last.processes) console.log(`  pid ${p.pid}  ${mb(p.rssKiB).padStart(9)}  ${p.command}`);
const serviceCount = last.processes.filter(isService).length;
console.log(
  `processes: ${last.processes.length} in all (${serviceCount} service process; the others are npm and the shell it runs scripts with)`,
);
console.log(
  `idle RSS of the service after ${IDLE_SECONDS} s: median ${mb(median(runs.map((r) => r.serviceRssKiB)))}, max ${mb(Math.max(...runs.map((r) => r.serviceRssKiB)))} (target ≤ 150 MB)`,
);
console.log(`all processes together: ${mb(last.processes.reduce((sum, p) => sum + p.rssKiB, 0))}`);
console.log(
  `CPU used until healthy (npm, shell and service): median ${median(runs.map((r) => r.cpuToHealthySeconds)).toFixed(2)} s; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} on ${availableParallelism()} cores`,
);
console.log(
  `start to healthy: median ${(median(runs.map((r) => r.startToHealthyMs)) / 1000).toFixed(2)} s, max ${(Math.max(...runs.map((r) => r.startToHealthyMs)) / 1000).toFixed(2)} s over ${RUNS} runs (target ≤ 3 s)`,
);
