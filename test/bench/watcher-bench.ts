/**
 * npm run bench:watcher — the staging watcher at its default poll interval (2 s, 2 stable polls):
 *   1. time from the last write into a staging subfolder to the job's creation, measured against
 *      the real service in a child process (created_at of the job minus the time of the last
 *      write; several runs started at random points of the poll cycle). Target: 4–6 s.
 *   2. the watcher's idle CPU with 1 000 files staged (20 folders × 50 files, all imported), run
 *      in this process with the plugin alone so that nothing else is counted: process.cpuUsage()
 *      over a window that includes one full periodic recheck; with native file-system events
 *      (the default) and with the polling backend (the network-share setting).
 */
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeContext, createStage, RecordingSink } from '@spindle/plugin-sdk/testing';
import plugin from '../../plugins/detector-staging-watcher/src/index.ts';
import { writeConfig } from '../support/service-harness.ts';
import { spawnService } from '../support/service-process.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 62);
const POLLING_IDLE_SECONDS = Number(process.env.BENCH_POLLING_IDLE_SECONDS ?? 20);
const FOLDERS = 20;
const FILES_PER_FOLDER = 50;
const DEFAULT_POLL_SECONDS = 2;

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function latency(root: string): Promise<void> {
  const staging = join(root, 'staging');
  const dataDir = join(root, 'data');
  await mkdir(staging, { recursive: true });
  await mkdir(dataDir, { recursive: true });
  // default poll interval and stable-poll count; only the watcher as detector, no ripping
  await writeConfig(dataDir, {
    staging_path: staging,
    staging_watch_enabled: true,
    pipeline: { detectors: ['staging-watcher'], rippers: { disc: null, folder: null } },
  });
  const service = await spawnService({ SPINDLE_DATA_DIR: dataDir });
  const results: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      await delay(Math.random() * DEFAULT_POLL_SECONDS * 1000); // land anywhere in the poll cycle
      const label = `BENCH_RUN_${run}`;
      const folder = join(staging, label);
      await mkdir(folder);
      const file = join(folder, 'title_t00.mkv');
      for (let step = 0; step < 8; step++) {
        await appendFile(file, Buffer.alloc(1024 * 1024, step)); // a rip writing 1 MiB every 250 ms
        await delay(250);
      }
      await appendFile(file, Buffer.alloc(512 * 1024, 9));
      const lastWrite = Date.now();
      let createdAt: number | null = null;
      while (createdAt === null) {
        if (Date.now() - lastWrite > 30_000) throw new Error(`no job for ${label} within 30 s`);
        const jobs = (await (await fetch(`${service.url}/api/jobs`)).json()) as {
          volume_label: string;
          created_at: string;
        }[];
        const job = jobs.find((j) => j.volume_label === label);
        if (job) createdAt = Date.parse(job.created_at);
        else await delay(50);
      }
      results.push((createdAt - lastWrite) / 1000);
      console.log(`  run ${run + 1}: last write → job created ${results.at(-1)!.toFixed(2)} s`);
    }
  } finally {
    await service.stop();
  }
  console.log(
    `last write → job creation at the default poll (${DEFAULT_POLL_SECONDS} s, 2 stable polls), ${RUNS} runs: ` +
      `min ${Math.min(...results).toFixed(2)} s, median ${median(results).toFixed(2)} s, max ${Math.max(...results).toFixed(2)} s (target 4–6 s)`,
  );
}

async function idleCpu(root: string, usePolling: boolean, seconds: number): Promise<void> {
  const staging = join(root, usePolling ? 'idle-polling' : 'idle-native');
  for (let f = 0; f < FOLDERS; f++) {
    const folder = join(staging, `STAGED_DISC_${String(f).padStart(2, '0')}`);
    await mkdir(folder, { recursive: true });
    for (let i = 0; i < FILES_PER_FOLDER; i++) {
      await writeFile(
        join(folder, i < 10 ? `title_t${String(i).padStart(2, '0')}.mkv` : `extra_${i}.nfo`),
        `file ${i}`,
      );
    }
  }
  const settings = { stable_polls: 2, use_polling: usePolling };
  const detector = await createStage(plugin, 'detector', 'staging-watcher', { settings });
  const ctx = await createFakeContext({
    settings,
    appSettings: {
      staging_watch_enabled: true,
      staging_path: staging,
      staging_poll_interval_seconds: DEFAULT_POLL_SECONDS,
    },
  });
  const sink = new RecordingSink();
  try {
    await detector.start(sink, ctx);
    if (!(await sink.waitFor(FOLDERS, 30_000)))
      throw new Error(`only ${sink.detections.length} of ${FOLDERS} folders were reported`);
    await delay(DEFAULT_POLL_SECONDS * 1000 * 2); // settled: every folder imported and asleep
    const before = process.cpuUsage();
    const t0 = performance.now();
    await delay(seconds * 1000);
    const used = process.cpuUsage(before);
    const wallMs = performance.now() - t0;
    const cpuMs = (used.user + used.system) / 1000;
    console.log(
      `idle CPU, ${FOLDERS * FILES_PER_FOLDER} files staged in ${FOLDERS} imported folders, ${usePolling ? 'polling backend' : 'native events (default)'}, ` +
        `${(wallMs / 1000).toFixed(0)} s: ${cpuMs.toFixed(0)} ms CPU = ${((cpuMs / wallMs) * 100).toFixed(3)} % of one core (${((cpuMs / wallMs) * 1000).toFixed(2)} ms per second)`,
    );
  } finally {
    await ctx.dispose();
  }
}

async function main(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'spindle-watcher-bench-'));
  try {
    await latency(root);
    await idleCpu(root, false, IDLE_SECONDS);
    await idleCpu(root, true, POLLING_IDLE_SECONDS);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
