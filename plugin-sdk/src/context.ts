/**
 * The one object a plugin receives from the core. It never sees the container, the database or
 * the HTTP server: everything it may do goes through these narrow ports.
 */
import type { FingerprintNetwork } from './fingerprint-network.ts';
import type { ProviderKind, ProviderMap } from './providers/index.ts';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** A progress report: `fraction` must stay within 0–1. */
export interface ProgressUpdate {
  fraction: number;
  /** Speed relative to realtime, e.g. 2.3 for "2.3x". */
  speed?: number | null;
  etaSeconds?: number | null;
  /** Title index being worked on, when the stage works title by title. */
  currentTitle?: number | null;
  message?: string | null;
}

export interface ProgressReporter {
  report(update: ProgressUpdate): void;
}

export interface ProcessResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** True when the process was killed because the abort signal fired. */
  aborted: boolean;
  /** The signal that ended the process (exitCode is then null), e.g. "SIGSEGV"; absent or null otherwise. */
  signal?: string | null;
}

export interface ProcessOptions {
  cwd?: string;
  /** Variables added to (and overriding) the host's environment. */
  env?: Record<string, string>;
  /** Called for each complete line of standard output, as it arrives. */
  onStdoutLine?: (line: string) => void;
  onStderrLine?: (line: string) => void;
  /** Kill the process (and its children) after this many milliseconds. */
  timeoutMs?: number;
  input?: string;
  /**
   * Also kill the process (and its children) when this signal fires, besides the stage's own
   * abort signal — e.g. a plugin's stall watchdog. The run resolves with `aborted: true`.
   */
  signal?: AbortSignal;
}

/**
 * Runs external programs without a shell; the whole process tree is killed on abort.
 * A run resolves when the process exits (also on a non-zero exit code, and with `aborted: true`
 * when the signal fired). It rejects with a SpindleError coded `process_not_found` when the
 * executable does not exist, `process_start_failed` when it cannot be started for another reason,
 * and `process_timed_out` when `timeoutMs` elapsed (the process tree is killed first).
 */
export interface ProcessRunner {
  run(file: string, args: readonly string[], options?: ProcessOptions): Promise<ProcessResult>;
}

export interface HttpRequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  timeoutMs?: number;
  /**
   * Also cancel this request when this signal fires (e.g. the `signal` a provider method gets),
   * besides the context's own abort signal. The request then rejects with an AbortedError.
   */
  signal?: AbortSignal;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  text(): Promise<string>;
  json(): Promise<unknown>;
  bytes(): Promise<Uint8Array>;
}

export interface HttpClient {
  request(url: string, options?: HttpRequestOptions): Promise<HttpResponse>;
}

/** A persistent key-value store private to the plugin (plugins own no tables). */
export interface KeyValueStore {
  get<T extends JsonValue = JsonValue>(key: string): Promise<T | undefined>;
  set(key: string, value: JsonValue): Promise<void>;
  delete(key: string): Promise<void>;
  keys(prefix?: string): Promise<string[]>;
}

/** Looks up the providers configured for this installation. */
export interface ProviderLookup {
  get<K extends ProviderKind>(kind: K): ProviderMap[K] | null;
  /** Every configured provider of a kind, in configured order (e.g. several subtitle sources). */
  all<K extends ProviderKind>(kind: K): ProviderMap[K][];
}

/** Facts about the installation a plugin may read. Never contains secrets of other plugins. */
export interface HostInfo {
  sdkVersion: string;
  appVersion: string;
  platform: NodeJS.Platform;
  dataDir: string;
}

/** What a plugin's factories receive once, when the core creates an implementation. */
export interface PluginSetup<S = JsonObject> {
  logger: Logger;
  /** The plugin's own settings, validated against its schema, defaults applied. */
  settings: S;
  store: KeyValueStore;
  http: HttpClient;
  processes: ProcessRunner;
  providers: ProviderLookup;
  host: HostInfo;
  /**
   * Reads the core's current application settings, like `StageContext.setting()`, for code that
   * lives longer than one stage call (providers: e.g. a catalog reading `catalog_api_key` on each
   * request). Optional: a host may leave it out (the test kit's fake setup has it), so check before use.
   */
  setting?(name: string): JsonValue | undefined;
  /**
   * The fingerprint network: the host's contribution queue and identify call (see
   * fingerprint-network.ts). Optional: present only where the host runs the fingerprint network.
   */
  fingerprintNetwork?: FingerprintNetwork;
}

/** What each stage call receives. */
export interface StageContext<S = JsonObject> extends PluginSetup<S> {
  signal: AbortSignal;
  progress: ProgressReporter;
  /** A folder private to this job and stage; created before the call, removed by the core later. */
  workDir: string;
  /**
   * Reads the core's current application settings (spec AppConfig field names). Secrets are
   * only returned to the plugin that declares it needs them through its manifest.
   */
  setting(name: string): JsonValue | undefined;
}
