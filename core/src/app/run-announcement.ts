/**
 * What a started service tells: "listening on" (and, for a login, the access notes), the run file
 * the command line finds it by (removed at a clean stop), and the start-up summary (start-summary.ts).
 */
import type { Logger, ProviderLookup } from '@spindle/plugin-sdk';
import { announceAccess } from '../auth/access-announcement.ts';
import type { AccessControl } from '../auth/access-control.ts';
import type { AppConfig } from '../config/app-config-fields.ts';
import type { ServerSettings } from '../config/server-settings.ts';
import { checkReadiness } from '../setup/readiness.ts';
import { APP_VERSION } from './app-paths.ts';
import { readRunFile, removeRunFile, writeRunFile } from './run-file.ts';
import { startSummary } from './start-summary.ts';
import { errorMessage } from '@spindle/plugin-sdk';

/** The URL a client on this machine uses (a wildcard address means this machine's loopback). */
function clientUrl(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '') return `http://127.0.0.1:${port}`;
  if (host === '::' || host === '[::]') return `http://[::1]:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export interface RunFacts {
  logger: Logger;
  authLogger: Logger;
  settings: ServerSettings;
  url: string;
  port: number;
  startedAt: Date;
  access: AccessControl;
  setupToken: string | null;
  config: AppConfig;
  providers: ProviderLookup;
  pluginsLoaded: number;
}

/** Announces the run; `stop` waits for the summary and removes the run file. */
export function announceRun(facts: RunFacts): { stop: () => Promise<void> } {
  const { logger, settings, url, port } = facts;
  logger.info(`Spindle ${APP_VERSION} listening on ${url}${settings.debug ? ' (DEBUG: simulation endpoints on)' : ''}`);
  announceAccess(facts.authLogger, facts.access, { host: settings.host, port, setupToken: facts.setupToken });
  const previousRun = readRunFile(settings.dataDir);
  if (previousRun.state === 'running' && previousRun.info.pid !== process.pid)
    logger.warn(
      `another Spindle (process ${previousRun.info.pid}) says it uses this data folder too; the command line now finds this one`,
    );
  else if (previousRun.state === 'stale')
    logger.info(
      `replaced the run file of a run that did not stop cleanly (process ${previousRun.info.pid || 'unknown'})`,
    );
  writeRunFile(settings.dataDir, {
    url: clientUrl(settings.host, port),
    pid: process.pid,
    port,
    host: settings.host,
    version: APP_VERSION,
    started_at: facts.startedAt.toISOString(),
  });
  const summary = checkReadiness({ config: facts.config, catalog: facts.providers.get('catalog'), thorough: false })
    .then((readiness) =>
      logger.info(startSummary({ url, dataDir: settings.dataDir, pluginsLoaded: facts.pluginsLoaded, readiness })),
    )
    .catch((error: unknown) => logger.warn('the start-up checks failed', { error: errorMessage(error) }));
  return {
    stop: async () => {
      await summary;
      removeRunFile(settings.dataDir);
    },
  };
}
