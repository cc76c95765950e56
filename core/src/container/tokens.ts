/**
 * Injection tokens. Services depend on these narrow ports, never on the container itself.
 * Every constructor parameter carries `@inject(Token)` (tsx does not emit decorator metadata).
 */
export const Tokens = {
  ServerSettings: Symbol('ServerSettings'),
  Database: Symbol('Database'),
  JobRepository: Symbol('JobRepository'),
  TitleRepository: Symbol('TitleRepository'),
  ConfigRepository: Symbol('ConfigRepository'),
  PluginStoreRepository: Symbol('PluginStoreRepository'),
  ConfigService: Symbol('ConfigService'),
  EventBus: Symbol('EventBus'),
  Logger: Symbol('Logger'),
  PluginRegistry: Symbol('PluginRegistry'),
  StageResolver: Symbol('StageResolver'),
  JobService: Symbol('JobService'),
  PipelineRunner: Symbol('PipelineRunner'),
  Clock: Symbol('Clock'),
} as const;
