/**
 * The application configuration: stored values (one row per field) over built-in defaults.
 * Environment variables never supply AppConfig fields (they are server-level settings only).
 */
import 'reflect-metadata';
import { inject, injectable } from 'tsyringe';
import { Tokens } from '../container/tokens.ts';
import type { ConfigRepository } from '../persistence/ports.ts';
import { APP_CONFIG_FIELD_NAMES, SECRET_MASK, type AppConfig, type AppConfigField } from './app-config-fields.ts';
import { assertPathExists, ConfigValidator, invalidConfig } from './config-validation.ts';
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
}

@injectable()
export class ConfigService {
  private current: AppConfig | null = null;
  private readonly validator = new ConfigValidator();
  private readonly validators = new Map<AppConfigField, ConfigFieldValidator<never>[]>();
  private readonly listeners = new Set<ConfigChangeListener>();
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

  update(partial: unknown): Promise<ConfigUpdateResult> {
    return this.serialized(() => this.updateNow(partial));
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
      const value = Object.hasOwn(stored, field) ? normalizeFieldValue(field, stored[field], fallback) : undefined;
      // A stored value that no longer fits the schema (e.g. after a range change) falls back to the default.
      const usable = value !== undefined && this.validator.isValid(field, value);
      config[field] = usable ? value : fallback;
      if (!usable && PERSIST_DEFAULT_FIELDS.includes(field)) toPersist[field] = fallback;
    }
    if (Object.keys(toPersist).length > 0) await this.repository.writeMany(toPersist);
    this.current = deepFreeze(config as unknown as AppConfig);
    return this.current;
  }

  private async updateNow(partial: unknown): Promise<ConfigUpdateResult> {
    const current = this.current ?? (await this.loadNow());
    if (!isPlainObject(partial)) throw invalidConfig('', 'The configuration update must be a JSON object');

    const incoming: Partial<Record<AppConfigField, unknown>> = {};
    for (const [name, raw] of Object.entries(partial)) {
      if (!isConfigField(name)) throw invalidConfig(name, `Unknown configuration field "${name}"`);
      if (raw === SECRET_MASK && (SECRET_FIELDS as string[]).includes(name)) continue; // "***" = unchanged
      const value = normalizeFieldValue(name, raw, current[name]);
      this.validator.assertValid(name, value);
      incoming[name] = value;
    }

    const changedFields = (Object.keys(incoming) as AppConfigField[]).filter((field) => !sameValue(incoming[field], current[field]));
    const next = { ...current, ...incoming } as AppConfig;
    for (const field of changedFields) {
      await assertPathExists(field, next[field]);
      for (const validate of this.validators.get(field) ?? []) {
        const message = await validate(next[field] as never, next);
        if (message !== null) throw invalidConfig(field, message);
      }
    }

    if (changedFields.length > 0) {
      await this.repository.writeMany(Object.fromEntries(changedFields.map((field) => [field, next[field]])));
      this.current = deepFreeze(structuredClone(next));
      await this.notify(changedFields, this.current);
    }
    return {
      config: this.masked(),
      changed: changedFields,
      restartRequired: changedFields.filter((field) => RESTART_REQUIRED_FIELDS.includes(field)),
    };
  }

  private async notify(changed: AppConfigField[], config: AppConfig): Promise<void> {
    for (const listener of [...this.listeners]) {
      try {
        await listener([...changed], config);
      } catch (error) {
        // The update is already stored; a failing listener must not turn it into an error.
        process.emitWarning(`Configuration change listener failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
