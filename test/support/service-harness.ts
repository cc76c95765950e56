/**
 * Starts the real service in-process for a test: a temp data directory with its own SQLite
 * file, a random port, optional configuration written before startup, and captured log lines.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService, type StartOptions } from '../../core/src/app/service-host.ts';
import { ConfigService } from '../../core/src/config/config-service.ts';
import { openDatabase } from '../../core/src/persistence/database.ts';

export interface TestServiceOptions {
  config?: Record<string, unknown>;
  env?: Record<string, string>;
  pluginPaths?: string[];
  gateway?: StartOptions['gateway'];
  dataDir?: string;
  uiDist?: string;
}

export interface TestService {
  service: RunningService;
  url: string;
  dataDir: string;
  logs: string[];
  close(options?: { keepData?: boolean }): Promise<void>;
}

/** A pipeline with no stages at all, for tests that do not run jobs through plugins. */
export const EMPTY_PIPELINE = {
  detectors: [],
  identifiers: [],
  rippers: { disc: null, folder: null },
  matchers: [],
  organizer: null,
  contributors: [],
  providers: {},
};

export async function writeConfig(dataDir: string, values: Record<string, unknown>): Promise<void> {
  const db = await openDatabase({ databaseUrl: join(dataDir, 'spindle.db'), dataDir });
  try {
    const config = new ConfigService(db.config);
    await config.load();
    // Written on the machine, like `spindle config set --local`: server-level settings included.
    // A test states whole values (`providers: {}` means none), not a merge patch.
    await config.update(values, { origin: 'local', replace: true });
  } finally {
    await db.close();
  }
}

export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'spindle-test-')));
  // The staging watcher stays off unless a test turns it on: a test's staging folders are imported
  // when the test says so, never by the watcher behind its back.
  if (options.config) await writeConfig(dataDir, { staging_watch_enabled: false, ...options.config });
  const logs: string[] = [];
  const service = await startService({
    settings: {
      // SPINDLE_MAKEMKV_DATA_DIR: a ripper_key set in a test is written there, never into the real ~/.MakeMKV
      env: {
        SPINDLE_DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        SPINDLE_MAKEMKV_DATA_DIR: join(dataDir, 'makemkv'),
        ...options.env,
      },
      cwd: dataDir,
    },
    logLevel: 'debug',
    logWrite: (line) => logs.push(line),
    ...(options.pluginPaths ? { pluginPaths: options.pluginPaths } : {}),
    ...(options.gateway ? { gateway: options.gateway } : {}),
    ...(options.uiDist ? { uiDist: options.uiDist } : {}),
  });
  return {
    service,
    url: service.url,
    dataDir,
    logs,
    async close({ keepData = false } = {}) {
      await service.close();
      if (!keepData && !options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
