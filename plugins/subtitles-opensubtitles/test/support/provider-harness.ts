/** Creates the provider the way the core does (through the plugin's factory) against a fake server. */
import type { SubtitleProvider, SubtitleQuery } from '@spindle/plugin-sdk';
import { createFakeSetup, type FakeSetup, type MemoryKeyValueStore } from '@spindle/plugin-sdk/testing';
import plugin from '../../src/index.ts';
import { TEST_API_KEY, type OpenSubtitlesServer } from './opensubtitles-server.ts';

export interface Harness {
  provider: SubtitleProvider;
  setup: FakeSetup;
}

const setups: FakeSetup[] = [];

export async function providerFor(
  server: OpenSubtitlesServer,
  settings: Record<string, unknown> = {},
  store?: MemoryKeyValueStore,
): Promise<Harness> {
  const setup = await createFakeSetup({
    settings: { api_key: TEST_API_KEY, base_url: `${server.url}/api/v1`, ...settings } as never,
    host: { appVersion: '1.2.3' },
    ...(store ? { store } : {}),
  });
  setups.push(setup);
  const factory = plugin.definition.providers!.subtitles!.opensubtitles!;
  return { provider: await factory(setup), setup };
}

export async function disposeSetups(): Promise<void> {
  await Promise.all(setups.splice(0).map((s) => s.dispose()));
}

export const episode = (
  season: number,
  episodeNumber: number,
  overrides: Partial<SubtitleQuery> = {},
): SubtitleQuery => ({
  catalogId: 1399,
  title: 'Castle Keep',
  season,
  episode: episodeNumber,
  language: 'en',
  ...overrides,
});

export const signal = () => new AbortController().signal;

/** Everything the setup logged, as one string (to prove secrets never appear). */
export const logText = (setup: FakeSetup) => JSON.stringify(setup.logger.entries);
