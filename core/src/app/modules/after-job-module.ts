/**
 * After a job: staging cleanup, contributors, notifications and media-server rescans. When each
 * runs is decided in one place, core/src/jobs/job-state-hooks.ts (installed by the pipeline module).
 */
import { join } from 'node:path';
import type { DependencyContainer } from 'tsyringe';
import type { ConfigService } from '../../config/config-service.ts';
import type { ServerSettings } from '../../config/server-settings.ts';
import { provide, type ContainerModule } from '../../container/container-module.ts';
import type { Shutdown } from '../../container/shutdown.ts';
import { Tokens } from '../../container/tokens.ts';
import { ContributorRunner } from '../../contributions/contributor-runner.ts';
import { StagingCleanup } from '../../jobs/staging-cleanup.ts';
import type { LogSink } from '../../logging/logger.ts';
import { LibraryRefreshService } from '../../media-servers/library-refresh-service.ts';
import { NotificationService } from '../../notifications/notification-service.ts';
import type { JobRepository, TitleRepository } from '../../persistence/ports.ts';

export const afterJobModule: ContainerModule = {
  name: 'after-job',
  needs: [
    Tokens.ServerSettings,
    Tokens.LogSink,
    Tokens.SecretRedactor,
    Tokens.Shutdown,
    Tokens.JobRepository,
    Tokens.TitleRepository,
    Tokens.ConfigService,
    Tokens.StageResolver,
    Tokens.PluginContextFactory,
    Tokens.FingerprintServices,
  ],
  provides: [Tokens.ContributorRunner, Tokens.StagingCleanup, Tokens.NotificationService, Tokens.LibraryRefreshService],
  register(c: DependencyContainer) {
    const logs = c.resolve<LogSink>(Tokens.LogSink);
    const workRoot = join(c.resolve<ServerSettings>(Tokens.ServerSettings).dataDir, 'work');
    const jobs = c.resolve<JobRepository>(Tokens.JobRepository);
    const titles = c.resolve<TitleRepository>(Tokens.TitleRepository);
    // StagingCleanup takes a deps object (its tests give it a fake configuration): built here.
    provide(
      c,
      Tokens.StagingCleanup,
      (r) =>
        new StagingCleanup({
          config: r.resolve<ConfigService>(Tokens.ConfigService),
          jobs,
          titles,
          logger: logs.logger('staging'),
          workRoot,
        }),
    );
    c.registerSingleton(Tokens.ContributorRunner, ContributorRunner);
    c.registerSingleton(Tokens.NotificationService, NotificationService);
    c.registerSingleton(Tokens.LibraryRefreshService, LibraryRefreshService);
    const shutdown = c.resolve<Shutdown>(Tokens.Shutdown);
    shutdown.add('contributors', () => c.resolve<ContributorRunner>(Tokens.ContributorRunner).stop());
    shutdown.add('staging cleanup', () => c.resolve<StagingCleanup>(Tokens.StagingCleanup).stop());
    shutdown.add('notifications', () => c.resolve<NotificationService>(Tokens.NotificationService).stop());
    shutdown.add('library refresh', () => c.resolve<LibraryRefreshService>(Tokens.LibraryRefreshService).stop());
  },
};
