/**
 * A StageContext for tests: real process runner, real HTTP client and a real temp work folder,
 * with in-memory storage, recording logger and progress, and an abort switch.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  HostInfo,
  HttpClient,
  JsonObject,
  JsonValue,
  PluginSetup,
  ProcessRunner,
  StageContext,
} from '../context.ts';
import { AbortedError } from '../errors.ts';
import type { FingerprintNetwork } from '../fingerprint-network.ts';
import type { PluginManifest } from '../manifest.ts';
import { applySettingsDefaults } from '../settings-defaults.ts';
import { SDK_VERSION } from '../version.ts';
import { createChildProcessRunner } from '../runtime/child-process-runner.ts';
import { createFetchHttpClient } from '../runtime/fetch-http-client.ts';
import { MemoryKeyValueStore } from './memory-store.ts';
import { providerLookupFrom, type ProviderTable } from './provider-table.ts';
import { RecordingLogger } from './recording-logger.ts';
import { RecordingProgress } from './recording-progress.ts';

export interface FakeSetupOptions<S = JsonObject> {
  /** The plugin's own settings, as a person would write them in plugin_settings (the schema's defaults fill the rest). */
  settings?: Partial<S>;
  /**
   * The plugin's `settingsSchema` (or pass `manifest`): its defaults are filled into `settings` by
   * the same function the core uses (applySettingsDefaults).
   */
  settingsSchema?: unknown;
  /** The plugin's manifest (the `spindle` field of its package.json; see readManifest()); its settingsSchema is used. */
  manifest?: PluginManifest;
  /** Initial content of the key-value store, or a store to share between contexts. */
  store?: MemoryKeyValueStore | Record<string, JsonValue>;
  providers?: ProviderTable;
  host?: Partial<HostInfo>;
  /** Replace the real fetch-based client (e.g. to count requests). */
  http?: HttpClient;
  /** Replace the real child-process runner. */
  processes?: ProcessRunner;
  /** Application settings read through `setting(name)` (AppConfig names, e.g. `catalog_api_key`). */
  appSettings?: Record<string, JsonValue>;
  /** The host's fingerprint network port (e.g. a MemoryFingerprintNetwork); absent by default. */
  fingerprintNetwork?: FingerprintNetwork;
}

export interface FakeContextOptions<S = JsonObject> extends FakeSetupOptions<S> {
  /** Application settings read through `ctx.setting(name)` (AppConfig names, e.g. `media_tool_path`). */
  appSettings?: Record<string, JsonValue>;
  /** Start with the signal already aborted. */
  aborted?: boolean;
}

export interface FakeSetup<S = JsonObject> extends PluginSetup<S> {
  logger: RecordingLogger;
  store: MemoryKeyValueStore;
  setting(name: string): JsonValue | undefined;
  /** Removes the temp folders this setup created. */
  dispose(): Promise<void>;
}

export interface FakeContext<S = JsonObject> extends StageContext<S> {
  logger: RecordingLogger;
  progress: RecordingProgress;
  store: MemoryKeyValueStore;
  controller: AbortController;
  /** Fires the abort signal (with an AbortedError as the reason unless one is given). */
  abort(reason?: unknown): void;
  /** Removes the work folder and data folder. */
  dispose(): Promise<void>;
}

function storeFrom(option: FakeSetupOptions['store']): MemoryKeyValueStore {
  return option instanceof MemoryKeyValueStore ? option : new MemoryKeyValueStore(option ?? {});
}

function hostInfo(dataDir: string, host: Partial<HostInfo> | undefined): HostInfo {
  return { sdkVersion: SDK_VERSION, appVersion: '0.0.0-test', platform: process.platform, dataDir, ...host };
}

async function makeRoot(): Promise<{ root: string; dataDir: string }> {
  const root = await mkdtemp(join(tmpdir(), 'spindle-fake-'));
  const dataDir = join(root, 'data');
  await mkdir(dataDir);
  return { root, dataDir };
}

/** The settings a plugin receives: the given ones with the schema's defaults filled in, as the core does. */
function settingsOf<S>(options: FakeSetupOptions<S>): S {
  const schema = options.settingsSchema ?? options.manifest?.settingsSchema;
  const given = options.settings ?? {};
  return (schema === undefined ? given : applySettingsDefaults(schema, given)) as S;
}

/** `setting(name)` over a plain object; values are copied so a plugin cannot change them. */
function readerOf(appSettings: Record<string, JsonValue> = {}): (name: string) => JsonValue | undefined {
  return (name) => (Object.hasOwn(appSettings, name) ? structuredClone(appSettings[name]) : undefined);
}

/** What a fake setup and a fake context share; the real HTTP client and process runner stop with `lifetime`. */
function setupParts<S>(
  options: FakeSetupOptions<S>,
  dataDir: string,
  lifetime: AbortSignal,
): Omit<FakeSetup<S>, 'dispose'> {
  return {
    logger: new RecordingLogger(),
    settings: settingsOf(options),
    store: storeFrom(options.store),
    http: options.http ?? createFetchHttpClient(lifetime),
    processes: options.processes ?? createChildProcessRunner(lifetime),
    providers: providerLookupFrom(options.providers),
    host: hostInfo(dataDir, options.host),
    setting: readerOf(options.appSettings),
    ...(options.fingerprintNetwork ? { fingerprintNetwork: options.fingerprintNetwork } : {}),
  };
}

/** What a plugin's factory receives. Call `dispose()` when done. */
export async function createFakeSetup<S = JsonObject>(options: FakeSetupOptions<S> = {}): Promise<FakeSetup<S>> {
  const { root, dataDir } = await makeRoot();
  const lifetime = new AbortController();
  return {
    ...setupParts(options, dataDir, lifetime.signal),
    dispose: async () => {
      lifetime.abort(new AbortedError('Fake setup disposed'));
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** What each stage call receives. Call `dispose()` when done (it also removes `workDir`). */
export async function createFakeContext<S = JsonObject>(options: FakeContextOptions<S> = {}): Promise<FakeContext<S>> {
  const { root, dataDir } = await makeRoot();
  const workDir = join(root, 'work');
  await mkdir(workDir);
  const controller = new AbortController();
  const abort = (reason?: unknown) => {
    if (!controller.signal.aborted) controller.abort(reason ?? new AbortedError('Aborted by the test'));
  };
  if (options.aborted) abort();
  return {
    ...setupParts(options, dataDir, controller.signal),
    signal: controller.signal,
    progress: new RecordingProgress(),
    workDir,
    controller,
    abort,
    dispose: async () => {
      abort(new AbortedError('Fake context disposed'));
      await rm(root, { recursive: true, force: true });
    },
  };
}
