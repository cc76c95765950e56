/**
 * The configuration store with its credentials sealed (see secret-box.ts): ripper_key,
 * catalog_api_key and every credential plugin setting (named like one, or writeOnly in its
 * manifest) are written sealed and read back in plain text. Values an older version stored in
 * plain text are read as they are and sealed in place on the next read.
 */
import type { ConfigRepository } from '../persistence/ports.ts';
import { SECRET_MASK } from './app-config-fields.ts';
import { SECRET_FIELDS } from './config-values.ts';
import { isCredentialSetting } from './plugin-setting-secrets.ts';
import { SecretBox } from './secret-box.ts';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isPlainSecret = (value: unknown): value is string => typeof value === 'string' && value !== '' && value !== SECRET_MASK && !SecretBox.isSealed(value);

export class SealedConfigRepository implements ConfigRepository {
  constructor(
    private readonly inner: ConfigRepository,
    private readonly box: SecretBox,
  ) {}

  async readAll(): Promise<Record<string, unknown>> {
    const stored = await this.inner.readAll();
    const values: Record<string, unknown> = {};
    const unsealed: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(stored)) {
      const opened = this.openValue(value);
      if (opened !== undefined) values[field] = opened;
      if (this.holdsPlainSecret(field, value)) unsealed[field] = opened;
    }
    if (Object.keys(unsealed).length > 0) await this.writeMany(unsealed);
    return values;
  }

  writeMany(values: Record<string, unknown>): Promise<void> {
    return this.inner.writeMany(Object.fromEntries(Object.entries(values).map(([field, value]) => [field, this.sealValue(field, value)])));
  }

  private sealValue(field: string, value: unknown): unknown {
    if ((SECRET_FIELDS as string[]).includes(field)) return isPlainSecret(value) ? this.box.seal(value) : value;
    if (field !== 'plugin_settings' || !isObject(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([plugin, settings]) => [
        plugin,
        isObject(settings)
          ? Object.fromEntries(Object.entries(settings).map(([key, v]) => [key, isCredentialSetting(plugin, key) && isPlainSecret(v) ? this.box.seal(v) : v]))
          : settings,
      ]),
    );
  }

  private holdsPlainSecret(field: string, value: unknown): boolean {
    if ((SECRET_FIELDS as string[]).includes(field)) return isPlainSecret(value);
    if (field !== 'plugin_settings' || !isObject(value)) return false;
    return Object.entries(value).some(([plugin, settings]) => isObject(settings) && Object.entries(settings).some(([key, v]) => isCredentialSetting(plugin, key) && isPlainSecret(v)));
  }

  /** Opens every sealed string in a stored value; a value that cannot be opened is left out (undefined). */
  private openValue(value: unknown): unknown {
    if (SecretBox.isSealed(value)) {
      const plain = this.box.open(value);
      if (plain === null) process.emitWarning('A stored credential could not be opened (was secret.key in the data directory replaced?); it reads as unset.');
      return plain ?? undefined;
    }
    if (Array.isArray(value)) return value.map((v) => this.openValue(v));
    if (isObject(value)) {
      return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => {
        const opened = this.openValue(v);
        return opened === undefined ? [] : [[k, opened]];
      }));
    }
    return value;
  }
}
