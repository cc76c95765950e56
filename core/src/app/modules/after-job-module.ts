/**
 * After a job: staging cleanup, contributors, notifications and media-server rescans. When each
 * runs is decided in one place, core/src/jobs/job-state-hooks.ts (installed by the pipeline module).
 */
import { join } from 'node:path';
import type { DependencyContainer } from 'tsyringe';
import { provide, type ContainerModule } from '../../container/container-module.ts';
import { Tokens } from '../../container/tokens.ts';
import { ContributorRunner } from '../../contributions/contributor-runner.ts';
import { StagingCleanup } from '../../jobs/staging-cleanup.ts';
import { LibraryRefreshService } from '../../media-servers/library-refresh-service.ts';
import { NotificationService } from '../../notifications/notification-service.ts';
import { pickServices, serviceView } from '../service-view.ts';

export const afterJobModule: ContainerModule = {
  name: 'after-job',
  needs: [
    Tokens.JobRepository,
    Tokens.TitleRepository,
    Tokens.ConfigService,
    Tokens.StageResolver,
    Tokens.PluginContextFactory,
    Tokens.FingerprintServices,
  ],
  provides: [Tokens.ContributorRunner, Tokens.StagingCleanup, Tokens.NotificationService, Tokens.LibraryRefreshService],
  register(c: DependencyContainer) {
    const s = serviceView(c);
    const workRoot = join(s.settings.dataDir, 'work');
    provide(
      c,
      Tokens.StagingCleanup,
      () =>
        new StagingCleanup({
          ...pickServices(c, 'config', 'jobs', 'titles'),
          logger: s.logs.logger('staging'),
          workRoot,
        }),
    );
    provide(
      c,
      Tokens.ContributorRunner,
      () =>
        new ContributorRunner({
          ...pickServices(c, 'resolver', 'contexts', 'jobs', 'titles'),
          queue: s.fingerprint.queue,
          logger: s.logs.logger('contributions'),
          workRoot,
        }),
    );
    // Notifications and library rescans: told about a job's rows, in words with the secrets blanked out.
    const teller = (logName: string) => ({
      ...pickServices(c, 'jobs', 'titles'),
      redact: (text: string) => s.redactor.redact(text),
      logger: s.logs.logger(logName),
    });
    provide(
      c,
      Tokens.NotificationService,
      () => new NotificationService({ ...teller('notifications'), notifiers: () => s.resolver.providers('notifier') }),
    );
    provide(
      c,
      Tokens.LibraryRefreshService,
      () =>
        new LibraryRefreshService({
          ...teller('library-refresh'),
          refreshers: () => s.resolver.providers('library_refresher'),
        }),
    );
    s.shutdown.add('contributors', () => s.contributors.stop());
    s.shutdown.add('staging cleanup', () => s.stagingCleanup.stop());
    s.shutdown.add('notifications', () => s.notifications.stop());
    s.shutdown.add('library refresh', () => s.libraryRefresh.stop());
  },
};
