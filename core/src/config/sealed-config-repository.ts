/**
 * The configuration store with its credentials sealed (see secret-box.ts): ripper_key,
 * catalog_api_key and every credential plugin setting (named like one, or writeOnly in its
 * manifest) are written sealed and read back in plain text. Values an older version stored in
 * plain text are read as they are and sealed in place on the next read. Only those known secret
 * places are ever opened: a sealed-looking string anywhere else is read back as the text it is,
 * so a database copy plus API access cannot turn ciphertext into plain text. A value whose seal
 * does not open to the same text again is refused before anything is written.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ConfigRepository } from '../persistence/ports.ts';
import { SECRET_MASK } from './app-config-fields.ts';
import { SECRET_FIELDS } from './config-values.ts';
import { isSecretPluginSetting } from './secret-registry.ts';
import { invalidConfig } from './config-validation.ts';
import { SecretBox } from './secret-box.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isPlainSecret = (value: unknown): value is string =>
  typeof value === 'string' && value !== '' && value !== SECRET_MASK && !SecretBox.isSealed(value);

/**
 * A stored plugin_settings object with each secret setting replaced by what `each` gives for it
 * (undefined: the setting is left out); every other setting, and anything not shaped like settings, as it is.
 */
function mapSecretPluginSettings(value: unknown, each: (secret: unknown) => unknown): unknown {
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([plugin, settings]) => [
      plugin,
      isObject(settings)
        ? Object.fromEntries(
            Object.entries(settings).flatMap(([key, v]) => {
              if (!isSecretPluginSetting(plugin, key)) return [[key, v]];
              const replaced = each(v);
              return replaced === undefined ? [] : [[key, replaced]];
            }),
          )
        : settings,
    ]),
  );
}

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
      const opened = this.openField(field, value);
      if (opened !== undefined) values[field] = opened;
      if (this.holdsPlainSecret(field, value)) unsealed[field] = opened;
    }
    if (Object.keys(unsealed).length > 0) await this.writeMany(unsealed);
    return values;
  }

  writeMany(values: Record<string, unknown>): Promise<void> {
    const sealed = Object.entries(values).map(([field, value]) => {
      const stored = this.sealValue(field, value);
      // What is stored must open to what was given; otherwise nothing of this write is stored.
      if (
        !isDeepStrictEqual(this.openField(field, stored), value ?? null) &&
        !(value === undefined && stored === undefined)
      ) {
        throw invalidConfig(field, `Invalid value for "${field}": it would not read back as written after sealing`);
      }
      return [field, stored] as const;
    });
    return this.inner.writeMany(Object.fromEntries(sealed));
  }

  private sealValue(field: string, value: unknown): unknown {
    if ((SECRET_FIELDS as string[]).includes(field)) return isPlainSecret(value) ? this.box.seal(value) : value;
    if (field !== 'plugin_settings') return value;
    return mapSecretPluginSettings(value, (v) => (isPlainSecret(v) ? this.box.seal(v) : v));
  }

  private holdsPlainSecret(field: string, value: unknown): boolean {
    if ((SECRET_FIELDS as string[]).includes(field)) return isPlainSecret(value);
    if (field !== 'plugin_settings' || !isObject(value)) return false;
    return Object.entries(value).some(
      ([plugin, settings]) =>
        isObject(settings) &&
        Object.entries(settings).some(([key, v]) => isSecretPluginSetting(plugin, key) && isPlainSecret(v)),
    );
  }

  /** Opens the sealed strings of a stored field where secrets live; a secret that cannot be opened is left out (undefined). */
  private openField(field: string, value: unknown): unknown {
    if ((SECRET_FIELDS as string[]).includes(field)) return this.openSecret(value);
    if (field !== 'plugin_settings') return value;
    return mapSecretPluginSettings(value, (v) => this.openSecret(v));
  }

  private openSecret(value: unknown): unknown {
    if (!SecretBox.isSealed(value)) return value;
    const plain = this.box.open(value);
    if (plain === null)
      process.emitWarning(
        'A stored credential could not be opened (was secret.key in the data directory replaced?); it reads as unset.',
      );
    return plain ?? undefined;
  }
}
