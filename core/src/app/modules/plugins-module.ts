/**
 * Plugins: stops tools a killed run left behind, builds the plugin contexts (with the fingerprint
 * network's local side), reads the plugin folders and starts the stored pipeline (safe mode for a
 * stage that cannot start). A pipeline or plugin-settings write is refused unless it can start.
 */
import { SDK_VERSION } from '@spindle/plugin-sdk';
import type { DependencyContainer } from 'tsyringe';
import type { AppConfig } from '../../config/app-config-fields.ts';
import { provide, provideValue, type ContainerModule } from '../../container/container-module.ts';
import { Tokens } from '../../container/tokens.ts';
import { createFingerprintServices, type FingerprintServices } from '../../contributions/fingerprint-services.ts';
import { ProviderTable } from '../../pipeline/stage-resolver.ts';
import { PluginContextFactory } from '../../plugins/plugin-context-factory.ts';
import { ToolProcessLedger } from '../../tools/tool-process-ledger.ts';
import { APP_VERSION, COMPILED, ROOT_NODE_MODULES, SOURCE_PLUGINS, WORKSPACE_PLUGINS } from '../app-paths.ts';
import { PipelineHost } from '../pipeline-host.ts';
import { declarePluginSettingRoles } from '../plugin-setting-roles.ts';
import { serviceView } from '../service-view.ts';

export const pluginsModule: ContainerModule = {
  name: 'plugins',
  needs: [Tokens.Database, Tokens.ConfigService],
  provides: [
    Tokens.FingerprintServices,
    Tokens.ProviderTable,
    Tokens.PluginContextFactory,
    Tokens.PipelineHost,
    Tokens.StageResolver,
    Tokens.PluginRegistry,
  ],
  async register(c: DependencyContainer) {
    const s = serviceView(c);
    const { settings, options, logs, db, config, shutdown } = s;
    const env = options.settings?.env ?? process.env;

    const fingerprint = createFingerprintServices({
      orm: db.orm,
      settings,
      config,
      bus: s.bus,
      logger: logs.logger('contributions'),
      appVersion: APP_VERSION,
    });
    shutdown.add('fingerprint network', () => fingerprint.stop());
    provideValue<FingerprintServices>(c, Tokens.FingerprintServices, fingerprint);
    // Tools left running by a previous run that was killed are stopped before any job resumes.
    const toolProcesses = new ToolProcessLedger(settings.dataDir, logs.logger('tools'));
    toolProcesses.stopLeftovers();
    c.registerSingleton(Tokens.ProviderTable, ProviderTable);
    provide(
      c,
      Tokens.PluginContextFactory,
      () =>
        new PluginContextFactory({
          processObserver: toolProcesses,
          outbound: { allowLinkLocal: settings.allowLinkLocalRequests },
          fingerprintNetwork: fingerprint.port,
          logSink: logs,
          pluginStore: db.pluginStore,
          config,
          providers: s.providers,
          host: {
            sdkVersion: SDK_VERSION,
            appVersion: APP_VERSION,
            platform: process.platform,
            dataDir: settings.dataDir,
          },
        }),
    );
    const contexts = s.contexts;
    shutdown.add('plugin contexts', () => contexts.shutdown());

    let configReadWithRoles = false;
    const extraPluginDirs = [
      ...(options.pluginPaths ?? []),
      ...(env.SPINDLE_PLUGINS_DIR ? [env.SPINDLE_PLUGINS_DIR] : []),
    ];
    const configuredPluginsPath = config.get().plugins_path;
    const host = new PipelineHost({
      roots: {
        workspacePlugins: [WORKSPACE_PLUGINS],
        ...(COMPILED ? { shadowed: [SOURCE_PLUGINS] } : {}),
        nodeModules: [ROOT_NODE_MODULES],
        pluginsPaths: [...extraPluginDirs, ...(configuredPluginsPath ? [configuredPluginsPath] : [])],
      },
      sdkVersion: SDK_VERSION,
      logger: logs.logger('plugins'),
      contexts,
      providers: s.providers,
      // Which plugin settings are secrets or server-level is known once the manifests are read:
      // the configuration is read again with that knowledge before any plugin gets its settings.
      manifestsChecked: async (manifests) => {
        declarePluginSettingRoles(manifests);
        if (!configReadWithRoles) await config.load();
        configReadWithRoles = true;
      },
    });
    // Starts what the stored pipeline names; a stage that cannot start runs on its default (safe mode).
    provideValue(c, Tokens.StageResolver, await host.start(config.get().pipeline, () => config.get().plugin_settings));
    provideValue(c, Tokens.PipelineHost, host);
    provideValue(c, Tokens.PluginRegistry, host.registry);
    s.redactor.refresh();
    // Now that writeOnly settings are known, a read seals any of them still stored in plain text.
    await db.config.readAll();
    const checkPipeline = (_: unknown, next: AppConfig) =>
      host
        .check(next.pipeline, next.plugin_settings, config.get().plugin_settings, config.get().pipeline)
        .then(() => null);
    config.addValidator('pipeline', checkPipeline);
    config.addValidator('plugin_settings', checkPipeline);
  },
};
