import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  definePlugin,
  isPluginEnvelope,
  PLUGIN_ENVELOPE_KIND,
  SDK_VERSION,
  SpindleError,
  type Identifier,
} from '../src/index.ts';

const identifier: Identifier = { identify: async () => null };
const factory = () => identifier;

function definitionError(run: () => unknown): SpindleError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as SpindleError;
  }
  throw new Error('definePlugin() accepted an invalid definition');
}

describe('definePlugin validation', () => {
  it('rejects an id that is not lowercase letters, digits and dashes', () => {
    const error = definitionError(() => definePlugin({ id: 'My_Plugin', stages: { identifier: { label: factory } } }));
    expect(error.code).toBe('plugin_definition_invalid');
    expect(error.category).toBe('configuration');
    expect(error.message).toBe(
      'Plugin "My_Plugin" is not defined correctly: id must be lowercase letters, digits and dashes (e.g. "ripper-folder")',
    );
  });

  it('rejects a plugin that offers nothing', () => {
    expect(definitionError(() => definePlugin({ id: 'empty' })).message).toBe(
      'Plugin "empty" is not defined correctly: it offers no stage and no provider',
    );
    expect(definitionError(() => definePlugin({ id: 'empty', stages: { identifier: {} } })).message).toMatch(
      /offers no stage and no provider/,
    );
  });

  it('rejects an unknown stage kind and names the known ones', () => {
    const error = definitionError(() => definePlugin({ id: 'odd', stages: { scanner: { x: factory } } as never }));
    expect(error.message).toBe(
      'Plugin "odd" is not defined correctly: unknown stage kind "scanner" (known: detector, identifier, ripper, matcher, organizer, contributor)',
    );
  });

  it('rejects an unknown provider kind', () => {
    const error = definitionError(() => definePlugin({ id: 'odd', providers: { weather: { x: factory } } as never }));
    expect(error.message).toMatch(/unknown provider kind "weather" \(known: catalog, disc_lookup/);
  });

  it('rejects a factory that is not a function', () => {
    const error = definitionError(() =>
      definePlugin({ id: 'odd', stages: { identifier: { label: 'nope' as never } } }),
    );
    expect(error.message).toBe(
      'Plugin "odd" is not defined correctly: stage "identifier:label" must be a factory function, got string',
    );
  });

  it('rejects an implementation id with capitals', () => {
    const error = definitionError(() => definePlugin({ id: 'odd', stages: { identifier: { Label: factory } } }));
    expect(error.message).toBe(
      'Plugin "odd" is not defined correctly: stage id "Label" must be lowercase letters, digits and dashes',
    );
  });

  it('rejects a kind table that is not an object', () => {
    const error = definitionError(() => definePlugin({ id: 'odd', stages: { identifier: [factory] as never } }));
    expect(error.message).toMatch(/stage "identifier" must map implementation ids to factory functions/);
  });

  it('rejects something that is not an object at all', () => {
    expect(definitionError(() => definePlugin(null as never)).message).toMatch(/definePlugin\(\) needs an object/);
  });
});

describe('plugin envelope', () => {
  const envelope = definePlugin({
    id: 'label-identifier',
    stages: { identifier: { label: factory }, matcher: { 'disc-lookup': () => ({ match: async () => null }) } },
    providers: { catalog: { tmdb: () => ({}) as never } },
  });

  it('lists every offer and carries the SDK version', () => {
    expect(envelope.kind).toBe(PLUGIN_ENVELOPE_KIND);
    expect(envelope.sdkVersion).toBe(SDK_VERSION);
    expect(envelope.offers).toEqual([
      { group: 'stage', kind: 'identifier', id: 'label' },
      { group: 'stage', kind: 'matcher', id: 'disc-lookup' },
      { group: 'provider', kind: 'catalog', id: 'tmdb' },
    ]);
  });

  it('is frozen, down to its definition and offers', () => {
    expect(Object.isFrozen(envelope)).toBe(true);
    expect(Object.isFrozen(envelope.definition)).toBe(true);
    expect(Object.isFrozen(envelope.offers)).toBe(true);
    expect(() => {
      (envelope as { sdkVersion: string }).sdkVersion = '9.9.9';
    }).toThrow(TypeError);
  });

  it('is recognised by isPluginEnvelope, also when made by another SDK copy', () => {
    expect(isPluginEnvelope(envelope)).toBe(true);
    expect(isPluginEnvelope(JSON.parse(JSON.stringify(envelope)))).toBe(true);
  });

  it('is not confused with other values', () => {
    for (const value of [
      null,
      undefined,
      42,
      'spindle.plugin',
      {},
      { kind: 'spindle.plugin' },
      { kind: 'other', envelopeVersion: 1, offers: [] },
      { default: envelope },
    ]) {
      expect(isPluginEnvelope(value)).toBe(false);
    }
  });
});
