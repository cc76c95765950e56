/**
 * npm run bench:organize — the library organizer's file mover on real files:
 *   1. same-volume move of a 4 GB file (a rename);
 *   2. cross-volume copy throughput compared with `cp` of the same file in
 *      the same run (target ≥ 0.8× cp). Before each run the page cache is dropped when this process
 *      may (root), so both read the source from disk as a real rip would; otherwise both read a
 *      cached source. Runs alternate, best of 2. Two second volumes: /dev/shm (tmpfs, memory speed),
 *      and — when root — an ext4 image loop-mounted from the disk, where both copies must reach
 *      the disk (`cp` followed by `sync -d`, the organizer's own fsync).
 * BENCH_GB changes the size.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyVerified, moveFile } from '../../plugins/organizer-library/src/file-mover.ts';

const GB = Number(process.env.BENCH_GB ?? 4);
const SIZE = GB * 1024 ** 3;
const SECOND_VOLUME = '/dev/shm';

async function writeBigFile(path: string): Promise<void> {
  const block = randomBytes(64 * 1024 * 1024);
  const handle = await open(path, 'w');
  try {
    for (let written = 0; written < SIZE; written += block.length)
      await handle.write(block, 0, Math.min(block.length, SIZE - written));
  } finally {
    await handle.close();
  }
}

/** Drops the page cache (root on Linux); false when not allowed. */
function dropCaches(): boolean {
  try {
    execFileSync('sync');
    execFileSync('sh', ['-c', 'echo 3 > /proc/sys/vm/drop_caches'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const mbps = (bytes: number, ms: number) => (bytes / 1024 ** 2 / (ms / 1000)).toFixed(0);

/** An ext4 image on the disk, loop-mounted as a second volume; null when that is not possible. */
async function loopVolume(work: string): Promise<string | null> {
  if (process.getuid?.() !== 0) return null;
  try {
    const image = join(work, 'volume.img');
    execFileSync('truncate', ['-s', `${Math.ceil(GB * 1.3) + 1}G`, image]);
    execFileSync('mkfs.ext4', ['-q', '-F', image], { stdio: 'ignore' });
    const mount = join(work, 'volume');
    await mkdir(mount);
    execFileSync('mount', ['-o', 'loop', image, mount], { stdio: 'ignore' });
    return mount;
  } catch {
    return null;
  }
}

async function compare(source: string, work: string, volume: string, durable: boolean): Promise<void> {
  const target = await mkdtemp(join(volume, 'spindle-bench-'));
  try {
    const cold = dropCaches();
    if (!cold) execFileSync('cat', [source], { stdio: ['ignore', 'ignore', 'inherit'] });
    const cpTimes: number[] = [];
    const ourTimes: number[] = [];
    const unlinkTimes: number[] = [];
    for (let round = 0; round < 2; round++) {
      const cpTarget = join(target, 'cp.mkv');
      if (cold) dropCaches();
      let t = performance.now();
      execFileSync('cp', [source, cpTarget]);
      if (durable) execFileSync('sync', ['-d', cpTarget]);
      cpTimes.push(performance.now() - t);
      await rm(cpTarget);

      const ours = join(target, 'Show - S01E01.mkv');
      const keep = join(work, 'source-again.mkv');
      execFileSync('cp', ['--reflink=auto', source, keep]); // the organizer deletes its source; keep a copy for the next round
      if (cold) dropCaches();
      else execFileSync('cat', [keep], { stdio: ['ignore', 'ignore', 'inherit'] });
      t = performance.now();
      await copyVerified(keep, ours, SIZE, { overwrite: false, signal: new AbortController().signal });
      ourTimes.push(performance.now() - t);
      t = performance.now();
      await rm(keep); // what moveFile does last, once the copy is verified
      unlinkTimes.push(performance.now() - t);
      if ((await stat(ours)).size !== SIZE) throw new Error('copy has the wrong size');
      await rm(ours);
    }
    const cpBest = Math.min(...cpTimes);
    const ourBest = Math.min(...ourTimes);
    console.log(
      `cross-volume ${GB} GB, disk → ${durable ? 'ext4 on the disk (loop)' : volume}, ${cold ? 'cold cache (source read from disk)' : 'warm cache'} (best of 2):`,
    );
    console.log(
      `  cp${durable ? ' + sync' : ''}:${durable ? '' : '       '} ${(cpBest / 1000).toFixed(2)} s  ${mbps(SIZE, cpBest)} MiB/s`,
    );
    console.log(
      `  organizer: ${(ourBest / 1000).toFixed(2)} s  ${mbps(SIZE, ourBest)} MiB/s  (copy with CRC-32 + fsync + read-back verify + rename into place)`,
    );
    console.log(`  ratio:     ${(cpBest / ourBest).toFixed(2)}× cp (target ≥ 0.8×)`);
    console.log(
      `  then deleting the source took ${(Math.min(...unlinkTimes) / 1000).toFixed(2)} s (filesystem-dependent; not part of cp's work)`,
    );
  } finally {
    await rm(target, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'spindle-organize-bench-'));
  const source = join(work, 'title_t00.mkv');
  console.log(`writing a ${GB} GB test file in ${work} …`);
  await writeBigFile(source);
  try {
    // 1. same volume: a rename
    const library = join(work, 'library', 'Show', 'Season 01');
    await mkdir(library, { recursive: true });
    const target = join(library, 'Show - S01E01.mkv');
    const t0 = performance.now();
    const method = await moveFile(source, target, { overwrite: false, signal: new AbortController().signal });
    console.log(`same-volume move of ${GB} GB: ${(performance.now() - t0).toFixed(2)} ms (${method})`);
    await moveFile(target, source, { overwrite: false, signal: new AbortController().signal });

    // 2. across volumes, against cp
    if (existsSync(SECOND_VOLUME)) await compare(source, work, SECOND_VOLUME, false);
    const loop = await loopVolume(work);
    if (loop) {
      try {
        await compare(source, work, loop, true);
      } finally {
        execFileSync('umount', [loop]);
      }
    } else {
      console.log('(not root, or no loop device: the disk-backed second volume is skipped)');
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
