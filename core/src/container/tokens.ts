/**
 * Injection tokens: one per service the container holds. Services depend on these narrow ports,
 * never on the container itself. Every constructor parameter of an injectable class carries
 * `@inject(Token)` (tsx does not emit decorator metadata). Which module provides each token:
 * core/src/app/modules/ (see ARCHITECTURE.md, "The container").
 */
export const Tokens = {
  // seeded by app/container-seeds.ts (there for every module)
  ServerSettings: Symbol('ServerSettings'),
  StartOptions: Symbol('StartOptions'),
  StartedAt: Symbol('StartedAt'),
  LogSink: Symbol('LogSink'),
  SecretRedactor: Symbol('SecretRedactor'),
  Logger: Symbol('Logger'),
  EventBus: Symbol('EventBus'),
  Clock: Symbol('Clock'),
  Shutdown: Symbol('Shutdown'),
  // persistence
  Database: Symbol('Database'),
  JobRepository: Symbol('JobRepository'),
  TitleRepository: Symbol('TitleRepository'),
  ConfigRepository: Symbol('ConfigRepository'),
  ConfigService: Symbol('ConfigService'),
  // plugins
  FingerprintServices: Symbol('FingerprintServices'),
  ProviderTable: Symbol('ProviderTable'),
  PluginContextFactory: Symbol('PluginContextFactory'),
  PipelineHost: Symbol('PipelineHost'),
  PluginRegistry: Symbol('PluginRegistry'),
  StageResolver: Symbol('StageResolver'),
  // pipeline
  JobLifecycle: Symbol('JobLifecycle'),
  JobService: Symbol('JobService'),
  MatchConcurrency: Symbol('MatchConcurrency'),
  SubtitleService: Symbol('SubtitleService'),
  SimulationPace: Symbol('SimulationPace'),
  PipelineRunner: Symbol('PipelineRunner'),
  JobIntake: Symbol('JobIntake'),
  JobCommands: Symbol('JobCommands'),
  DiscSimulator: Symbol('DiscSimulator'),
  StepProbes: Symbol('StepProbes'),
  DetectorHost: Symbol('DetectorHost'),
  // after-job
  StagingCleanup: Symbol('StagingCleanup'),
  ContributorRunner: Symbol('ContributorRunner'),
  NotificationService: Symbol('NotificationService'),
  LibraryRefreshService: Symbol('LibraryRefreshService'),
  // http
  ClientGateway: Symbol('ClientGateway'),
  AccessControl: Symbol('AccessControl'),
  HttpApp: Symbol('HttpApp'),
} as const;

export type Token = (typeof Tokens)[keyof typeof Tokens];

/** A token's name, for error messages ("Tokens.JobService"). */
export function tokenName(token: symbol): string {
  return `Tokens.${token.description ?? String(token)}`;
}
