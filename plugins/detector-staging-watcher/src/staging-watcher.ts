/**
 * The staging watcher detector: on when `staging_watch_enabled`, it watches `staging_path` and
 * reports each subfolder of MKV files once its files stop changing. Changing any of the three
 * settings it reads makes the core restart it, so the switch works without restarting Spindle.
 */
import { resolve } from 'node:path';
import type { DetectionSink, Detector, PluginSetup, StageContext } from '@spindle/plugin-sdk';
import { ImportLedger } from './import-ledger.ts';
import { WatchSession } from './watch-session.ts';
import { readWatcherSettings } from './watcher-settings.ts';

export const STATUS_DISABLED = 'disabled';
export const STATUS_NO_PATH = 'staging_path not set';

export class StagingWatcher implements Detector {
  private toldAboutMac = false;

  constructor(private readonly setup: Pick<PluginSetup, 'logger'>) {}

  async start(sink: DetectionSink, ctx: StageContext): Promise<void> {
    if (ctx.signal.aborted) return;
    if (ctx.host.platform === 'darwin' && !this.toldAboutMac) {
      this.toldAboutMac = true;
      this.setup.logger.info(
        'macOS has no automatic disc detection in Spindle: rip discs to folders of MKV files and put each folder into the staging folder (or import it with POST /api/staging/import)',
      );
    }
    const settings = readWatcherSettings(ctx);
    if (!settings.enabled) {
      sink.status(STATUS_DISABLED);
      return;
    }
    if (!settings.stagingPath) {
      sink.status(STATUS_NO_PATH);
      ctx.logger.info('the staging watcher is waiting for staging_path to be set');
      return;
    }
    await new WatchSession(resolve(settings.stagingPath), settings, sink, ctx, new ImportLedger(ctx.store)).begin();
  }
}
