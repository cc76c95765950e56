/**
 * `spindle config set --local <field> <value>`: the owner, on the machine Spindle runs on, writes a
 * setting straight into the database this machine's settings name (DATABASE_URL / SPINDLE_DATA_DIR
 * from the environment or .env). This is the way to set server-level settings (ripper_path,
 * media_tool_path, plugins_path and plugin settings marked server-level), which the HTTP API
 * refuses. Loaded only for --local: it opens the database.
 */
import { ConfigService } from '../config/config-service.ts';
import { loadServerSettings } from '../config/server-settings.ts';
import { openDatabase } from '../persistence/database.ts';
import type { CliIO } from './cli-io.ts';
import { CliError, EXIT } from './exit-codes.ts';
import { errorMessage } from '@spindle/plugin-sdk';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface LocalConfigWrite {
  path: string[];
  value: Json;
  /** Builds the new top-level value from the current configuration. */
  withValue(config: Record<string, Json>, path: string[], value: Json): Json;
}

export async function setLocalConfig(
  io: CliIO,
  write: LocalConfigWrite,
): Promise<{ stored: Json; changed: string[]; clearedSecrets: string[] }> {
  const settings = loadServerSettings({ env: io.env, cwd: io.cwd });
  const db = await openDatabase({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
  try {
    const config = new ConfigService(db.config);
    const current = (await config.load()) as unknown as Record<string, Json>;
    if (!Object.hasOwn(current, write.path[0]!)) {
      throw new CliError(
        EXIT.REFUSED,
        `Unknown configuration field "${write.path.join('.')}". Fields: ${Object.keys(current).join(', ')}`,
      );
    }
    const top = write.withValue(structuredClone(current), write.path, write.value);
    try {
      const result = await config.update({ [write.path[0]!]: top }, { origin: 'local' });
      return { stored: top, changed: result.changed, clearedSecrets: result.clearedSecrets };
    } catch (error) {
      throw new CliError(EXIT.REFUSED, errorMessage(error));
    }
  } finally {
    await db.close();
  }
}
