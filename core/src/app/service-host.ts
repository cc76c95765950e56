/**
 * Starts and stops the service. What exists is decided by the container's modules
 * (app/modules/service-modules.ts: persistence, plugins, after-job, pipeline, http); this file
 * seeds the container (container-seeds.ts), composes the modules, then runs the start sequence:
 * listen, reconcile interrupted jobs, start the detectors and background work, write the run file.
 * `close()` undoes it in reverse order (container/shutdown.ts).
 */
import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import { composeModules } from '../container/container-module.ts';
import { reconcileJobs } from '../jobs/startup-reconciler.ts';
import { seededContainer, type StartOptions } from './container-seeds.ts';
import { listen } from './http-listener.ts';
import { SERVICE_MODULES } from './modules/service-modules.ts';
import { announceRun } from './run-announcement.ts';
import { runningService, type RunningService } from './running-service.ts';
import { serviceView } from './service-view.ts';

export type { StartOptions } from './container-seeds.ts';
export type { RunningService } from './running-service.ts';

export async function startService(options: StartOptions = {}): Promise<RunningService> {
  const c = seededContainer(options);
  const s = serviceView(c);
  const { settings, logger, shutdown } = s;
  try {
    await composeModules(c, SERVICE_MODULES);
    const { config, access, runner } = s;
    const setupToken = await access.start();
    const http = await listen(s.httpApp, settings.port, settings.host);
    shutdown.add('http server', http.close);
    const port = (http.server.address() as AddressInfo).port;
    const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;

    await reconcileJobs(s.jobs, s.jobService, logger, (id) => runner.start(id), {
      titles: s.titles,
      stagingPath: () => config.get().staging_path,
    });
    s.stagingCleanup.startSweeping();
    await s.detectors.start();
    await s.fingerprint.start();
    await s.contributors.resumePending();
    shutdown.add('detectors', () => s.detectors.stop());
    const announced = announceRun({
      logger,
      authLogger: s.logs.logger('auth'),
      settings,
      url,
      port,
      startedAt: s.startedAt,
      access,
      setupToken,
      config: config.get(),
      providers: s.providers,
      pluginsLoaded: s.registry.plugins.filter((p) => p.status === 'loaded').length,
    });
    shutdown.add('run file and start summary', announced.stop);
    return runningService(c, { url, port, close: () => shutdown.run(logger) });
  } catch (error) {
    await shutdown.run(logger);
    throw error;
  }
}
