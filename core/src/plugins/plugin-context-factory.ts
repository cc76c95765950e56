/**
 * Builds the one context object each plugin gets: a setup for its factories, and a StageContext
 * per stage call (abort signal, progress, work folder). Plugins never see the container.
 */
import {
  createChildProcessRunner,
  createFetchHttpClient,
  type ChildProcessObserver,
  type FingerprintNetwork,
  type HttpClient,
  type HostInfo,
  type JsonValue,
  type PluginSetup,
  type ProgressReporter,
  type ProviderLookup,
  type StageContext,
} from '@spindle/plugin-sdk';
import type { AppConfig } from '../config/app-config-fields.ts';
import { checkOutboundUrl, type OutboundPolicy } from '../net/outbound-guard.ts';
import type { LogSink } from '../logging/logger.ts';
import type { PluginStoreRepository } from '../persistence/ports.ts';
import { createPluginStore } from './plugin-store.ts';
import type { ImplementationRecord } from './plugin-registry.ts';

/** Every request a plugin makes names Spindle and its version unless the plugin says otherwise. */
function withUserAgent(client: HttpClient, userAgent: string): HttpClient {
  return {
    request: (url, options = {}) =>
      client.request(url, { ...options, headers: { 'User-Agent': userAgent, ...options.headers } }),
  };
}

export interface ConfigReader {
  get(): AppConfig;
}

export interface StageCall {
  signal: AbortSignal;
  progress: ProgressReporter;
  workDir: string;
}

/**
 * Matching (matchers and the transcribers they call) runs below the rip and the API: its tools start
 * at this nice value, so the drive never waits on the CPU and the UI stays responsive.
 */
export const MATCH_NICENESS = 10;

function workNiceness(record: ImplementationRecord): number | undefined {
  return record.kind === 'matcher' || record.kind === 'transcriber' ? MATCH_NICENESS : undefined;
}

export class PluginContextFactory {
  /** Aborted at shutdown: ends detectors and background work started from a setup. */
  private readonly lifetime = new AbortController();

  constructor(
    private readonly deps: {
      logSink: LogSink;
      pluginStore: PluginStoreRepository;
      config: ConfigReader;
      providers: ProviderLookup;
      host: HostInfo;
      /** The fingerprint network port (queue + identify), when the host offers it. */
      fingerprintNetwork?: FingerprintNetwork;
      /** Told of every tool process a plugin starts (the ledger that stops leftovers after a crash). */
      processObserver?: ChildProcessObserver;
      /** Where plugins may not connect (link-local, cloud metadata); default: refuse them. */
      outbound?: OutboundPolicy;
    },
  ) {}

  get shutdownSignal(): AbortSignal {
    return this.lifetime.signal;
  }

  setup(record: ImplementationRecord, signal: AbortSignal = this.lifetime.signal): PluginSetup {
    const { deps } = this;
    return {
      logger: deps.logSink.logger(`plugin:${record.pluginId}`),
      settings: record.settings,
      store: createPluginStore(deps.pluginStore, record.pluginId),
      http: withUserAgent(
        createFetchHttpClient(signal, {
          checkUrl: (url) => checkOutboundUrl(url, deps.outbound ?? { allowLinkLocal: false }),
        }),
        `Spindle/${deps.host.appVersion}`,
      ),
      processes: createChildProcessRunner(signal, deps.processObserver, { niceness: workNiceness(record) }),
      providers: deps.providers,
      host: deps.host,
      setting: this.settingReader(record),
      ...(deps.fingerprintNetwork ? { fingerprintNetwork: deps.fingerprintNetwork } : {}),
    };
  }

  /** Reads the application settings the plugin's manifest lists in `appSettings`; others read as undefined. */
  private settingReader(record: ImplementationRecord): (name: string) => JsonValue | undefined {
    const allowed = new Set(record.manifest.appSettings ?? []);
    return (name: string): JsonValue | undefined => {
      if (!allowed.has(name)) return undefined;
      const value = (this.deps.config.get() as unknown as Record<string, unknown>)[name];
      return value === undefined ? undefined : (structuredClone(value) as JsonValue);
    };
  }

  stage(record: ImplementationRecord, call: StageCall): StageContext {
    const signal = AbortSignal.any([call.signal, this.lifetime.signal]);
    return {
      ...this.setup(record, signal),
      signal,
      progress: call.progress,
      workDir: call.workDir,
      setting: this.settingReader(record),
    };
  }

  shutdown(): void {
    this.lifetime.abort(new Error('Spindle is shutting down'));
  }
}
