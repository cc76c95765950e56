/**
 * What startService is given (StartOptions) and what it seeds the container with before the
 * modules compose: server settings, the options themselves, the log sink with its secret redactor,
 * the event bus, the clock and the shutdown sequence (core/test/container lists the same seeds).
 */
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { loadServerSettings, type LoadServerSettingsOptions } from '../config/server-settings.ts';
import { provideValue } from '../container/container-module.ts';
import { Shutdown } from '../container/shutdown.ts';
import { Tokens } from '../container/tokens.ts';
import { EventBus } from '../events/event-bus.ts';
import type { GatewayOptions } from '../http/client-gateway.ts';
import { systemClock } from '../jobs/clock.ts';
import { LogSink, type LogLevel } from '../logging/logger.ts';
import { SecretRedactor } from '../logging/secret-redactor.ts';

export interface StartOptions {
  settings?: LoadServerSettingsOptions;
  /** Replace the stored pipeline with the built-in default before loading plugins. */
  resetPipeline?: boolean;
  logLevel?: LogLevel;
  logWrite?: (line: string) => void;
  uiDist?: string;
  /** Extra plugin folders (besides the configured plugins_path and SPINDLE_PLUGINS_DIR). */
  pluginPaths?: string[];
  gateway?: GatewayOptions;
  /** Restarts the service in place (given by `spindle serve`; enables POST /api/restart). */
  restart?: () => void;
}

/** A child of the root container holding the seeds; the modules are composed into it next. */
export function seededContainer(options: StartOptions): DependencyContainer {
  const settings = loadServerSettings(options.settings);
  const redactor = new SecretRedactor();
  const logs = new LogSink({
    level: options.logLevel ?? (settings.debug ? 'debug' : 'info'),
    redactor,
    ...(options.logWrite ? { write: options.logWrite } : {}),
  });
  const c = rootContainer.createChildContainer();
  for (const [token, value] of [
    [Tokens.ServerSettings, settings],
    [Tokens.StartOptions, options],
    [Tokens.StartedAt, new Date()],
    [Tokens.LogSink, logs],
    [Tokens.SecretRedactor, redactor],
    [Tokens.Logger, logs.logger('core')],
    [Tokens.EventBus, new EventBus(logs.logger('events'))],
    [Tokens.Clock, systemClock],
    [Tokens.Shutdown, new Shutdown()],
  ] as const)
    provideValue(c, token, value);
  return c;
}
