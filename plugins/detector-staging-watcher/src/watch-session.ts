/**
 * One run of the staging watcher over one staging folder, from start until the signal aborts.
 *
 * A poll timer (every `staging_poll_interval_seconds`) drives everything: it lists the staging
 * folder for subfolders and looks at the ones that are "awake"; a folder whose files stayed the
 * same for `stablePolls` consecutive polls and holds .mkv files is reported ready, once per
 * content. chokidar's events only wake folders (something inside changed), so a settled folder
 * costs nothing until it changes again; every DORMANT_RECHECK_POLLS polls all folders are looked
 * at anyway, in case the file system dropped an event (network shares, inotify overflow).
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import type { DetectionSink, StageContext } from '@spindle/plugin-sdk';
import { isMkv, snapshotFolder, StabilityTracker } from './folder-snapshot.ts';
import type { ImportLedger } from './import-ledger.ts';
import { formatInterval, type WatcherSettings } from './watcher-settings.ts';
import { errorMessage } from '@spindle/plugin-sdk';

const DORMANT_RECHECK_POLLS = 30;
const READY_TIMEOUT_MS = 5000;

/** Folders the watcher never imports: the ripping pipeline's `job_*` folders and hidden ones. */
export function isIgnoredFolder(name: string): boolean {
  return name.startsWith('job_') || name.startsWith('.');
}

const message = (error: unknown) => errorMessage(error);

export class WatchSession {
  private readonly stability = new StabilityTracker();
  /** Subfolders present at the last poll. */
  private readonly known = new Set<string>();
  /** Subfolders to look at on the next poll. */
  private readonly awake = new Set<string>();
  /** Folders with MKVs still changing (for the status line). */
  private readonly settling = new Set<string>();
  /** Content that failed to import, per folder, so it is not retried until it changes. */
  private readonly failed = new Map<string, string>();
  private readonly warned = new Set<string>();
  private watcher: FSWatcher | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polls = 0;
  private rootMissing = false;
  private lastStatus = '';

  constructor(
    private readonly root: string,
    private readonly settings: WatcherSettings,
    private readonly sink: DetectionSink,
    private readonly ctx: StageContext,
    private readonly ledger: ImportLedger,
  ) {}

  private get aborted(): boolean {
    return this.ctx.signal.aborted;
  }

  async begin(): Promise<void> {
    this.ctx.signal.addEventListener('abort', () => void this.stop(), { once: true });
    await this.poll();
    this.schedule();
  }

  private schedule(): void {
    if (this.aborted) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.poll()
        .catch((error: unknown) => this.ctx.logger.warn(`staging poll failed: ${message(error)}`))
        .finally(() => this.schedule());
    }, this.settings.pollMs);
  }

  private async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.closeWatcher();
  }

  private async closeWatcher(): Promise<void> {
    const watcher = this.watcher;
    this.watcher = null;
    await watcher?.close().catch(() => undefined);
  }

  private status(text: string): void {
    if (this.aborted || text === this.lastStatus) return;
    this.lastStatus = text;
    this.sink.status(text);
  }

  private warnOnce(key: string, text: string, level: 'warn' | 'info' = 'warn'): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.ctx.logger[level](text);
  }

  private async startWatcher(): Promise<void> {
    if (this.watcher || this.aborted) return;
    const watcher = watch(this.root, {
      ignoreInitial: true,
      depth: 1,
      ignored: (path: string) => {
        const parts = relative(this.root, path).split(sep);
        return parts[0] !== '' && (parts.length > 2 || isIgnoredFolder(parts[0]!));
      },
      ...(this.settings.usePolling ? { backend: 'polling' as const, pollingInterval: this.settings.pollMs } : {}),
    });
    this.watcher = watcher;
    watcher.on('all', (event, path) => this.onEvent(event, path));
    watcher.on('error', (error) =>
      this.warnOnce(`watch:${message(error)}`, `watching ${this.root} reported: ${message(error)}`),
    );
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, READY_TIMEOUT_MS);
      watcher.once('ready', () => (clearTimeout(timer), resolve()));
    });
    if (this.aborted) await this.stop();
  }

  private onEvent(event: string, path: string): void {
    const parts = relative(this.root, path).split(sep);
    const name = parts[0]!;
    if (name === '' || name.startsWith('..') || isIgnoredFolder(name)) return;
    if (parts.length === 1) {
      if (event === 'addDir') this.awake.add(name);
      else if (event === 'add' && isMkv(name)) this.warnLooseMkv(name);
      return;
    }
    this.awake.add(name); // something inside the subfolder changed
  }

  private warnLooseMkv(name: string): void {
    this.warnOnce(
      `loose:${name}`,
      `${name} is directly in the staging folder and is not imported: put each disc's MKV files in a subfolder of ${this.root}`,
    );
  }

  /** The subfolders of the staging folder, or null when it cannot be read. */
  private async listSubfolders(): Promise<Set<string> | null> {
    let entries;
    try {
      entries = await readdir(this.root, { withFileTypes: true });
    } catch {
      return null;
    }
    const names = new Set<string>();
    for (const entry of entries) {
      if (isIgnoredFolder(entry.name)) continue;
      const isFolder =
        entry.isDirectory() ||
        (entry.isSymbolicLink() && (await stat(join(this.root, entry.name)).catch(() => null))?.isDirectory());
      if (isFolder) names.add(entry.name);
      else if (entry.isFile() && isMkv(entry.name)) this.warnLooseMkv(entry.name);
    }
    return names;
  }

  private async poll(): Promise<void> {
    if (this.aborted) return;
    this.polls++;
    const names = await this.listSubfolders();
    if (!names) {
      if (!this.rootMissing)
        this.ctx.logger.warn(`the staging folder ${this.root} does not exist or cannot be read; waiting for it`);
      this.rootMissing = true;
      await this.closeWatcher(); // its watches went with the folder; a new one starts when it is back
      this.status(`waiting for the staging folder ${this.root} to exist`);
      return;
    }
    if (this.rootMissing || this.polls === 1) {
      this.rootMissing = false;
      const pruned = await this.ledger.prune(this.root);
      if (pruned > 0) this.ctx.logger.debug(`forgot ${pruned} imported folder(s) that no longer exist`);
      await this.startWatcher();
    }
    for (const name of names) {
      if (!this.known.has(name)) this.awake.add(name);
      this.known.add(name);
    }
    for (const name of [...this.known]) {
      if (names.has(name)) continue;
      this.known.delete(name);
      this.awake.delete(name);
      this.settling.delete(name);
      this.failed.delete(name);
      this.stability.forget(name);
      await this.ledger.forget(join(this.root, name));
    }
    if (this.polls % DORMANT_RECHECK_POLLS === 0) for (const name of this.known) this.awake.add(name);
    for (const name of [...this.awake]) {
      if (this.aborted) return;
      await this.check(name);
    }
    const waiting = [...this.settling].sort();
    const every = formatInterval(this.settings.pollMs);
    this.status(
      waiting.length > 0
        ? `watching ${this.root}: waiting for ${waiting.join(', ')} to stop changing`
        : `watching ${this.root} (checks every ${every})`,
    );
  }

  private async check(name: string): Promise<void> {
    const folder = join(this.root, name);
    const snapshot = await snapshotFolder(folder);
    if (!snapshot) {
      this.awake.delete(name);
      this.settling.delete(name);
      this.stability.forget(name);
      return;
    }
    const unchanged = this.stability.observe(name, snapshot.signature);
    // An empty .mkv is a file its writer has created but not filled yet: keep waiting for it.
    if (unchanged < this.settings.stablePolls || snapshot.emptyMkvs.length > 0) {
      if (snapshot.mkvCount > 0) this.settling.add(name);
      if (unchanged >= this.settings.stablePolls) {
        this.warnOnce(
          `empty:${name}:${snapshot.emptyMkvs.join('/')}`,
          `staging folder ${name} is not imported while ${snapshot.emptyMkvs.join(', ')} ${snapshot.emptyMkvs.length === 1 ? 'is' : 'are'} empty`,
          'info',
        );
      }
      return;
    }
    // Settled: nothing changes any more. Sleep until an event (or the periodic recheck) wakes it.
    this.awake.delete(name);
    this.settling.delete(name);
    this.stability.forget(name);
    if (snapshot.mkvCount === 0) return;
    if (this.failed.get(name) === snapshot.mkvSignature) return;
    if (await this.ledger.isImported(folder, snapshot.mkvSignature)) return;
    if (this.aborted) return;
    try {
      await this.sink.stagingFolderReady({ path: folder, volumeLabel: name });
      await this.ledger.record(folder, snapshot.mkvSignature);
      this.failed.delete(name);
      this.ctx.logger.info(`staging folder ${name} is ready: ${snapshot.mkvCount} MKV file(s) handed over for import`);
    } catch (error) {
      this.failed.set(name, snapshot.mkvSignature);
      this.ctx.logger.warn(
        `staging folder ${name} could not be imported: ${message(error)}; it is tried again when its files change`,
      );
    }
  }
}
