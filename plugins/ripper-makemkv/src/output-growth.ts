/**
 * Watches the output folder while makemkvcon writes: the bytes of MKV files that were not there
 * when the run started. Growth counts as a sign of life for the watchdog and is the progress
 * measure when makemkvcon prints no PRGV lines.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export async function listMkv(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => /\.mkv$/i.test(n));
}

export class OutputGrowth {
  private timer: NodeJS.Timeout | null = null;
  private bytes = 0;
  private polling = false;

  private constructor(
    private readonly dir: string,
    private readonly before: ReadonlySet<string>,
    private readonly onGrowth: (newBytes: number) => void,
  ) {}

  /** Notes the MKV files already in `dir`; only files made after this count. */
  static async start(dir: string, onGrowth: (newBytes: number) => void, intervalMs = 500): Promise<OutputGrowth> {
    const watcher = new OutputGrowth(dir, new Set(await listMkv(dir)), onGrowth);
    watcher.timer = setInterval(() => void watcher.poll(), intervalMs);
    watcher.timer.unref();
    return watcher;
  }

  /** Bytes of new MKV files at the last poll. */
  get newBytes(): number {
    return this.bytes;
  }

  /** MKV files in the folder that were not there at the start. */
  async newFiles(): Promise<string[]> {
    return (await listMkv(this.dir)).filter((n) => !this.before.has(n));
  }

  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      let total = 0;
      for (const name of await this.newFiles()) {
        const info = await stat(join(this.dir, name)).catch(() => null);
        if (info?.isFile()) total += info.size;
      }
      if (total > this.bytes) {
        this.bytes = total;
        this.onGrowth(total);
      }
    } finally {
      this.polling = false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
