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
import type { FingerprintServices } from '../../contributions/fingerprint-services.ts';
import { StagingCleanup } from '../../jobs/staging-cleanup.ts';
import type { LogSink } from '../../logging/logger.ts';
import type { SecretRedactor } from '../../logging/secret-redactor.ts';
import { LibraryRefreshService } from '../../media-servers/library-refresh-service.ts';
import { NotificationService } from '../../notifications/notification-service.ts';
import type { JobRepository, TitleRepository } from '../../persistence/ports.ts';
import type { StageResolver } from '../../pipeline/stage-resolver.ts';
import type { PluginContextFactory } from '../../plugins/plugin-context-factory.ts';

export const afterJobModule: ContainerModule = {
  name: 'after-job',
  needs: [Tokens.ServerSettings, Tokens.LogSink, Tokens.SecretRedactor, Tokens.Shutdown, Tokens.JobRepository, Tokens.TitleRepository, Tokens.ConfigService, Tokens.StageResolver, Tokens.PluginContextFactory, Tokens.FingerprintServices],
  provides: [Tokens.ContributorRunner, Tokens.StagingCleanup, Tokens.NotificationService, Tokens.LibraryRefreshService],
  register(c: DependencyContainer) {
    const logs = c.resolve<LogSink>(Tokens.LogSink);
    const workRoot = join(c.resolve<ServerSettings>(Tokens.ServerSettings).dataDir, 'work');
    const jobs = c.resolve<JobRepository>(Tokens.JobRepository);
    const titles = c.resolve<TitleRepository>(Tokens.TitleRepository);
    const resolver = c.resolve<StageResolver>(Tokens.StageResolver);
    const redactor = c.resolve<SecretRedactor>(Tokens.SecretRedactor);
    const redact = (text: string) => redactor.redact(text);
    provide(c, Tokens.StagingCleanup, (r) => new StagingCleanup({ config: r.resolve<ConfigService>(Tokens.ConfigService), jobs, titles, logger: logs.logger('staging'), workRoot }));
    provide(c, Tokens.ContributorRunner, (r) =>
      new ContributorRunner({ resolver, contexts: r.resolve<PluginContextFactory>(Tokens.PluginContextFactory), jobs, titles, queue: r.resolve<FingerprintServices>(Tokens.FingerprintServices).queue, logger: logs.logger('contributions'), workRoot }),
    );
    provide(c, Tokens.NotificationService, () => new NotificationService({ jobs, titles, notifiers: () => resolver.providers('notifier'), redact, logger: logs.logger('notifications') }));
    provide(c, Tokens.LibraryRefreshService, () => new LibraryRefreshService({ refreshers: () => resolver.providers('library_refresher'), jobs, titles, redact, logger: logs.logger('library-refresh') }));
    const shutdown = c.resolve<Shutdown>(Tokens.Shutdown);
    shutdown.add('contributors', () => c.resolve<ContributorRunner>(Tokens.ContributorRunner).stop());
    shutdown.add('staging cleanup', () => c.resolve<StagingCleanup>(Tokens.StagingCleanup).stop());
    shutdown.add('notifications', () => c.resolve<NotificationService>(Tokens.NotificationService).stop());
    shutdown.add('library refresh', () => c.resolve<LibraryRefreshService>(Tokens.LibraryRefreshService).stop());
  },
};
