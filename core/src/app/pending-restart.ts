/**
 * What waits for a restart: configuration fields that take effect only at start
 * (`restartRequired` in the field table) changed since this start, and server settings (HOST,
 * PORT, DATABASE_URL, … from the environment or .env) that would read differently now.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AppConfig } from '../config/app-config-fields.ts';
import type { ConfigService } from '../config/config-service.ts';
import { RESTART_REQUIRED_FIELDS } from '../config/config-values.ts';
import { loadServerSettings, type LoadServerSettingsOptions, type ServerSettings } from '../config/server-settings.ts';
import type { ConfigRepository } from '../persistence/ports.ts';
import { errorMessage } from '@spindle/plugin-sdk';

export interface PendingRestart {
  /** A configuration field, or the server setting's environment variable. */
  field: string;
  reason: string;
}

/** The environment variable of each server setting (the ones a person sets in .env). */
const SERVER_SETTING_NAMES: Partial<Record<keyof ServerSettings, string>> = {
  host: 'HOST',
  port: 'PORT',
  databaseUrl: 'DATABASE_URL',
  dataDir: 'SPINDLE_DATA_DIR',
  debug: 'DEBUG',
  fingerprintServerUrl: 'FINGERPRINT_SERVER_URL',
  fingerprintUploadIntervalSeconds: 'FINGERPRINT_UPLOAD_INTERVAL_SECONDS',
};

export class PendingRestarts {
  private readonly configAtStart: AppConfig;

  constructor(
    private readonly config: ConfigService,
    private readonly settingsAtStart: ServerSettings,
    private readonly settingsOptions: LoadServerSettingsOptions | undefined,
    /** The stored rows: `spindle config set --local` writes them while the service runs. */
    private readonly stored?: ConfigRepository,
  ) {
    this.configAtStart = config.get();
  }

  async list(): Promise<PendingRestart[]> {
    const now = this.config.get();
    const rows = (await this.stored?.readAll().catch(() => null)) ?? {};
    const changed = (field: (typeof RESTART_REQUIRED_FIELDS)[number]) =>
      !isDeepStrictEqual(now[field], this.configAtStart[field]) ||
      (Object.hasOwn(rows, field) && !isDeepStrictEqual(rows[field], this.configAtStart[field]));
    const out: PendingRestart[] = RESTART_REQUIRED_FIELDS.filter(changed).map((field) => ({
      field,
      reason: `${field} changed since Spindle started; it takes effect after a restart`,
    }));
    let current: ServerSettings | null = null;
    try {
      current = loadServerSettings(this.settingsOptions);
    } catch (error) {
      out.push({
        field: 'server settings',
        reason: `the environment or .env no longer reads: ${errorMessage(error)}; a restart would fail`,
      });
    }
    if (current) {
      for (const key of Object.keys(this.settingsAtStart) as (keyof ServerSettings)[]) {
        if (isDeepStrictEqual(current[key], this.settingsAtStart[key])) continue;
        const name = SERVER_SETTING_NAMES[key] ?? key;
        out.push({
          field: name,
          reason: `${name} changed in the environment or .env since Spindle started; it takes effect after a restart`,
        });
      }
    }
    return out;
  }
}
