/**
 * Persistence and configuration: opens the database (migrations run), loads the stored
 * configuration (server-level environment values win), and keeps the log redactor following the
 * configured secrets (secret-registry.ts) and contribution pseudonyms.
 */
import type { DependencyContainer } from 'tsyringe';
import { PIPELINE_DEFAULT } from '../../config/app-config-fields.ts';
import { ConfigService } from '../../config/config-service.ts';
import { configuredSecretValues } from '../../config/secret-registry.ts';
import { provideValue, type ContainerModule } from '../../container/container-module.ts';
import { Tokens } from '../../container/tokens.ts';
import { openDatabase } from '../../persistence/database.ts';
import { registerMakemkvSettingsSync } from '../../tools/makemkv-settings-file.ts';
import { registerRipperKeyValidator } from '../../tools/ripper-key.ts';
import { serverLevelEnvironment } from '../plugin-setting-roles.ts';
import { serviceView } from '../service-view.ts';

export const persistenceModule: ContainerModule = {
  name: 'persistence',
  needs: [],
  provides: [
    Tokens.Database,
    Tokens.JobRepository,
    Tokens.TitleRepository,
    Tokens.ConfigRepository,
    Tokens.ConfigService,
  ],
  async register(c: DependencyContainer) {
    const { settings, options, logs, bus, shutdown, redactor } = serviceView(c);
    const db = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
    shutdown.add('database', () => db.close());
    provideValue(c, Tokens.Database, db);
    provideValue(c, Tokens.JobRepository, db.jobs);
    provideValue(c, Tokens.TitleRepository, db.titles);
    provideValue(c, Tokens.ConfigRepository, db.config);

    const config = c.resolve(ConfigService);
    config.useEnvironment(serverLevelEnvironment(settings));
    await config.load();
    registerRipperKeyValidator(config);
    registerMakemkvSettingsSync(config, { logger: logs.logger('tools'), env: options.settings?.env ?? process.env });
    provideValue(c, Tokens.ConfigService, config);

    // Contribution pseudonyms (the current one and those rotated away) are blanked out of every log line, like secrets.
    const pseudonyms = new Set<string>();
    redactor.follow(() => [
      settings.password,
      ...configuredSecretValues(config.get()),
      ...pseudonyms.add(config.get().contribution_pseudonym),
    ]);
    config.onChange((changed) => {
      redactor.refresh();
      bus.emit('config.changed', { changed });
    });
    if (options.resetPipeline) {
      await config.update({ pipeline: structuredClone(PIPELINE_DEFAULT) }, { origin: 'local', replace: true });
      logs.logger('core').warn('the stage pipeline was reset to the built-in default');
    }
  },
};
