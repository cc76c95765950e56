/**
 * The application configuration: stored values (one row per field) over built-in defaults.
 * Environment variables supply only the server-level fields (RIPPER_PATH, MEDIA_TOOL_PATH; see
 * server-level.ts), which the HTTP API can never change. Every write is checked whole before
 * anything is stored: limits, schema, read-back, paths; a refused write stores nothing.
 */
import { impliedPipeline } from './implied-settings.ts';
import 'reflect-metadata';
import { inject, injectable } from 'tsyringe';
import { Tokens } from '../container/tokens.ts';
import type { ConfigRepository } from '../persistence/ports.ts';
import { APP_CONFIG_FIELD_NAMES, SECRET_MASK, type AppConfig, type AppConfigField } from './app-config-fields.ts';
import { boundsProblem, readBackProblem, sealedValuePath } from './config-bounds.ts';
import { assertPathExists, ConfigValidator, invalidConfig } from './config-validation.ts';
import { assertSafeFolderRoots, FOLDER_ROOT_FIELDS } from './folder-roots.ts';
import { clearMovedSecrets } from './secret-binding.ts';
import { patchedFieldValue } from './config-values.ts';
import {
  assertServerLevelFieldUnchanged,
  keepServerLevelPluginSettings,
  readOnlySettings,
  type ReadOnlySetting,
  type ServerLevelField,
} from './server-level.ts';
import {
  deepFreeze,
  defaultValue,
  isConfigField,
  isPlainObject,
  maskConfig,
  normalizeFieldValue,
  PERSIST_DEFAULT_FIELDS,
  RESTART_REQUIRED_FIELDS,
  sameValue,
  SECRET_FIELDS,
  type MaskedAppConfig,
} from './config-values.ts';
import { errorMessage } from '@spindle/plugin-sdk';

/** Returns an error message (sent as the 400 message) or null when the value is acceptable. */
export type ConfigFieldValidator<F extends AppConfigField = AppConfigField> = (
  value: AppConfig[F],
  next: AppConfig,
) => Promise<string | null> | string | null;

export type ConfigChangeListener = (changed: AppConfigField[], config: AppConfig) => void | Promise<void>;

export interface ConfigUpdateResult {
  config: MaskedAppConfig;
  changed: AppConfigField[];
  /** The changed fields that only take effect after a restart. */
  restartRequired: AppConfigField[];
  /** Secrets cleared because the place they are sent to changed (see secret-binding.ts). */
  clearedSecrets: string[];
}

/**
 * Who writes: `api` (the HTTP API: server-level settings are refused, sealed values too) or
 * `local` (the owner on the machine: `spindle config set --local`, test set-up).
 */
export type ConfigWriteOrigin = 'api' | 'local';

@injectable()
export class ConfigService {
  private current: AppConfig | null = null;
  private readonly validator = new ConfigValidator();
  private readonly validators = new Map<AppConfigField, ConfigFieldValidator<never>[]>();
  private readonly listeners = new Set<ConfigChangeListener>();
  /** Server-level fields set in the environment: they win over stored values. */
  private environment: Partial<Record<ServerLevelField, string>> = {};
  /** Serializes load/update so each update sees the result of the previous one. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(@inject(Tokens.ConfigRepository) private readonly repository: ConfigRepository) {}

  /** Reads the stored values, fills defaults and persists `persistDefault` fields on first start. */
  load(): Promise<AppConfig> {
    return this.serialized(() => this.loadNow());
  }

  /** The resolved configuration (deep-frozen); load() must have completed. */
  get(): AppConfig {
    if (this.current === null) throw new Error('ConfigService.get() called before load()');
    return this.current;
  }

  masked(): MaskedAppConfig {
    return maskConfig(this.get());
  }

  /** The server-level settings, with how to set each (GET /api/config `read_only`). */
  readOnly(): ReadOnlySetting[] {
    return readOnlySettings(this.get(), new Set(Object.keys(this.environment)));
  }

  /** Server-level values from the environment (e.g. RIPPER_PATH); takes effect at the next load(). */
  useEnvironment(values: Partial<Record<ServerLevelField, string>>): void {
    this.environment = { ...values };
  }

  /**
   * Applies a JSON Merge Patch (RFC 7396, see merge-patch.ts): fields left out keep their value,
   * `pipeline` and `plugin_settings` merge key by key and `null` removes a key (a top-level field
   * set to null goes back to its default). `origin` defaults to `api`, which may not change
   * server-level settings; `replace` stores `pipeline`/`plugin_settings` as sent (--reset-pipeline).
   */
  update(
    partial: unknown,
    options: { origin?: ConfigWriteOrigin; replace?: boolean } = {},
  ): Promise<ConfigUpdateResult> {
    return this.serialized(() => this.updateNow(partial, options.origin ?? 'api', options.replace ?? false));
  }

  /** Adds a check run on update for a changed field; returns a function that removes it. */
  addValidator<F extends AppConfigField>(field: F, validate: ConfigFieldValidator<F>): () => void {
    const list = this.validators.get(field) ?? [];
    list.push(validate as ConfigFieldValidator<never>);
    this.validators.set(field, list);
    return () => {
      const index = list.indexOf(validate as ConfigFieldValidator<never>);
      if (index >= 0) list.splice(index, 1);
    };
  }

  /** Called with the changed field names after a successful update; returns an unsubscribe. */
  onChange(listener: ConfigChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async loadNow(): Promise<AppConfig> {
    const stored = await this.repository.readAll();
    const config: Record<string, unknown> = {};
    const toPersist: Record<string, unknown> = {};
    for (const field of APP_CONFIG_FIELD_NAMES) {
      const fallback = defaultValue(field);
      // A stored value beyond the limits (written before they existed) is never walked further.
      const tooBig = Object.hasOwn(stored, field) ? boundsProblem(field, stored[field]) : null;
      if (tooBig) process.emitWarning(`The stored configuration value is ignored: ${tooBig}`);
      const value =
        Object.hasOwn(stored, field) && !tooBig ? normalizeFieldValue(field, stored[field], fallback) : undefined;
      // A stored value that no longer fits the schema (e.g. after a range change) falls back to the default.
      const usable = value !== undefined && this.validator.isValid(field, value);
      config[field] = usable ? value : fallback;
      if (!usable && PERSIST_DEFAULT_FIELDS.includes(field)) toPersist[field] = fallback;
    }
    Object.assign(config, this.environment);
    if (Object.keys(toPersist).length > 0) await this.repository.writeMany(toPersist);
    this.current = deepFreeze(config as unknown as AppConfig);
    return this.current;
  }

  private async updateNow(partial: unknown, origin: ConfigWriteOrigin, replace: boolean): Promise<ConfigUpdateResult> {
    const current = this.current ?? (await this.loadNow());
    if (!isPlainObject(partial)) throw invalidConfig('', 'The configuration update must be a JSON object');

    const incoming: Partial<Record<AppConfigField, unknown>> = {};
    for (const [name, raw] of Object.entries(partial)) {
      if (!isConfigField(name)) throw invalidConfig(name, `Unknown configuration field "${name}"`);
      const tooBig = boundsProblem(name, raw);
      if (tooBig) throw invalidConfig(name, tooBig);
      const sealedAt = origin === 'api' ? sealedValuePath(name, raw) : null;
      if (sealedAt)
        throw invalidConfig(
          name,
          `Invalid value for "${sealedAt}": a sealed value cannot be written through the API; send the plain value`,
        );
      if (raw === SECRET_MASK && (SECRET_FIELDS as string[]).includes(name)) continue; // "***" = unchanged
      let value = replace ? normalizeFieldValue(name, raw, current[name]) : patchedFieldValue(name, raw, current[name]);
      const tooBigAfter = boundsProblem(name, value);
      if (tooBigAfter) throw invalidConfig(name, tooBigAfter);
      if (origin === 'api') {
        if (name === 'plugin_settings') value = keepServerLevelPluginSettings(value, current.plugin_settings);
        else assertServerLevelFieldUnchanged(name, value, current[name]);
      }
      this.validator.assertValid(name, value);
      const unreadable = readBackProblem(name, value);
      if (unreadable) throw invalidConfig(name, unreadable);
      incoming[name] = value;
    }

    const pipeline = impliedPipeline(incoming as Partial<AppConfig>, current);
    if (pipeline) incoming.pipeline = pipeline;

    // Credentials whose destination moved are cleared unless the write brought new ones.
    let clearedSecrets: string[] = [];
    if (incoming.plugin_settings !== undefined) {
      const storedSecrets = new Set<string>(
        SECRET_FIELDS.filter((field) => current[field] !== null && current[field] !== ''),
      );
      const clearing = clearMovedSecrets(
        current.plugin_settings,
        incoming.plugin_settings as AppConfig['plugin_settings'],
        (partial as Record<string, unknown>).plugin_settings,
        new Set(Object.keys(incoming)),
        storedSecrets,
      );
      incoming.plugin_settings = clearing.pluginSettings;
      for (const field of clearing.appFields) incoming[field as AppConfigField] = null;
      clearedSecrets = clearing.cleared;
    }

    const changedFields = (Object.keys(incoming) as AppConfigField[]).filter(
      (field) => !sameValue(incoming[field], current[field]),
    );
    const next = { ...current, ...incoming, ...this.environment } as AppConfig;
    for (const field of changedFields) await assertPathExists(field, next[field]);
    if (changedFields.some((field) => FOLDER_ROOT_FIELDS.includes(field)))
      await assertSafeFolderRoots(next, changedFields);
    for (const field of changedFields) {
      for (const validate of this.validators.get(field) ?? []) {
        const message = await validate(next[field] as never, next);
        if (message !== null) throw invalidConfig(field, message);
      }
    }

    if (changedFields.length > 0) {
      // What was sent is stored (a server-level value from the environment stays in force over it).
      await this.repository.writeMany(Object.fromEntries(changedFields.map((field) => [field, incoming[field]])));
      this.current = deepFreeze(structuredClone(next));
      await this.notify(changedFields, this.current);
    }
    return {
      config: this.masked(),
      changed: changedFields,
      restartRequired: changedFields.filter((field) => RESTART_REQUIRED_FIELDS.includes(field)),
      clearedSecrets,
    };
  }

  private async notify(changed: AppConfigField[], config: AppConfig): Promise<void> {
    for (const listener of [...this.listeners]) {
      try {
        await listener([...changed], config);
      } catch (error) {
        // The update is already stored; a failing listener must not turn it into an error.
        process.emitWarning(`Configuration change listener failed: ${errorMessage(error)}`);
      }
    }
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
