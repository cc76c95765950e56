/**
 * A third-party plugin written in plain JavaScript, outside the workspace, passes the same
 * identifier conformance suite as the built-in plugins; the broken and future fixtures are what
 * the loader must refuse.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ID_PATTERN, isPluginEnvelope, type PluginEnvelope, type PluginManifest } from '@spindle/plugin-sdk';
import {
  createFakeContext,
  createStage,
  identifierConformance,
  runConformance,
  sampleIdentifyInputs,
  sampleMovieScan,
  sampleTvScan,
  type FakeContextOptions,
} from '@spindle/plugin-sdk/testing';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'third-party-plugins');

async function manifestOf(folder: string): Promise<PluginManifest> {
  return (JSON.parse(await readFile(join(FIXTURES, folder, 'package.json'), 'utf8')) as { spindle: PluginManifest })
    .spindle;
}

async function importDefault(folder: string): Promise<unknown> {
  return ((await import(pathToFileURL(join(FIXTURES, folder, 'index.js')).href)) as { default: unknown }).default;
}

const envelope = (await importDefault('spindle-plugin-label-identifier')) as PluginEnvelope;
const settings = {
  labels: {
    SAMPLE_SHOW_S1_D1: { content_type: 'tv', title: 'Sample Show', season: 1 },
    SAMPLE_MOVIE: { content_type: 'movie', title: 'Sample Movie' },
  },
};
const context: FakeContextOptions = { settings };
const inputs = sampleIdentifyInputs();
const relabel = (label: string) =>
  inputs.map((i) => ({ ...i, job: { ...i.job, volumeLabel: label }, scan: { ...i.scan, volumeLabel: label } }));

describe('third-party label identifier', () => {
  it('default-exports an envelope that matches its package.json', async () => {
    const manifest = await manifestOf('spindle-plugin-label-identifier');
    expect(isPluginEnvelope(envelope)).toBe(true);
    expect(envelope.definition.id).toBe(manifest.id);
    expect(manifest.apiVersion).toBe('^1');
    expect(envelope.offers).toEqual([{ group: 'stage', kind: 'identifier', id: 'label' }]);
    expect(manifest.stages).toEqual({ identifier: ['label'] });
  });

  it('answers from the label map with confidence 0.9, and null for unknown labels', async () => {
    const identifier = await createStage(envelope, 'identifier', 'label', { settings });
    const ctx = await createFakeContext(context);
    try {
      const tv = await identifier.identify({ ...inputs[0]!, scan: sampleTvScan() }, ctx);
      expect(tv).toMatchObject({
        contentType: 'tv',
        title: 'Sample Show',
        season: 1,
        confidence: 0.9,
        source: 'heuristic',
      });
      const movie = await identifier.identify(
        { ...inputs[1]!, scan: { ...sampleMovieScan(), volumeLabel: 'sample_movie' } },
        ctx,
      );
      expect(movie).toMatchObject({ contentType: 'movie', title: 'Sample Movie', season: null });
      expect(await identifier.identify(relabel('UNKNOWN_DISC')[0]!, ctx)).toBeNull();
    } finally {
      await ctx.dispose();
    }
  });
});

runConformance(
  identifierConformance({
    create: () => createStage(envelope, 'identifier', 'label', { settings }),
    inputs,
    unanswerable: relabel('NOT_IN_THE_MAP'),
    context,
  }),
  { describe, it },
  'third-party label identifier conformance',
);

describe('fixtures the loader must refuse', () => {
  it('broken-plugin has a valid manifest but default-exports something that is not an envelope', async () => {
    const manifest = await manifestOf('broken-plugin');
    expect(ID_PATTERN.test(manifest.id)).toBe(true);
    expect(isPluginEnvelope(await importDefault('broken-plugin'))).toBe(false);
  });

  it('future-plugin asks for SDK ^2 and fails loudly if imported anyway', async () => {
    expect((await manifestOf('future-plugin')).apiVersion).toBe('^2');
    await expect(importDefault('future-plugin')).rejects.toThrow(/check apiVersion before loading/);
  });
});
