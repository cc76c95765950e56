import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SpindleError, type SubtitleProvider, type SubtitleQuery } from '@spindle/plugin-sdk';
import { createFakeSetup, type FakeSetup } from '@spindle/plugin-sdk/testing';
import plugin from '../src/index.ts';

const roots: string[] = [];
const setups: FakeSetup[] = [];
afterEach(async () => {
  await Promise.all(setups.splice(0).map((s) => s.dispose()));
});
afterAll(async () => {
  await Promise.all(roots.map((r) => rm(r, { recursive: true, force: true })));
});

/** Windows-1252 bytes of a text (Latin-1 plus the typographic quotes and dash). */
const windows1252 = (text: string) =>
  Buffer.from([...text].map((c) => ({ '“': 0x93, '”': 0x94, '—': 0x97 })[c] ?? c.charCodeAt(0)));
const srt = (line: string) => `1\n00:00:01,000 --> 00:00:02,500\n${line}\n`;

/** A real folder: relative path → text (UTF-8) or bytes. */
async function folderWith(files: Record<string, string | Uint8Array>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'spindle-srt-'));
  roots.push(root);
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
  return root;
}

async function providerFor(folder: string, settings: Record<string, unknown> = {}): Promise<SubtitleProvider> {
  const setup = await createFakeSetup({ settings: { folder, ...settings } as never });
  setups.push(setup);
  return await plugin.definition.providers!.subtitles!['local-folder']!(setup);
}

const signal = () => new AbortController().signal;
const tv = (title: string | null, season: number, episode: number, language = 'en'): SubtitleQuery => ({
  catalogId: null,
  title,
  season,
  episode,
  language,
});
const movie = (title: string, year: number | null = null): SubtitleQuery => ({
  catalogId: 1,
  title,
  year,
  season: null,
  episode: null,
  language: 'en',
});

describe('local folder: episodes', () => {
  it('reads a flat folder of one show in every naming style, and lists the season', async () => {
    const root = await folderWith({
      'S01E01.srt': srt('one'),
      'Castle.Keep.S01E02.en.srt': srt('two'),
      'castle keep - 1x03.srt': srt('three'),
      'Castle Keep s1e4.SRT': srt('four'),
      'Castle.Keep.S02E01.srt': srt('season two'),
      'notes.txt': 'not a subtitle',
    });
    const provider = await providerFor(root);
    expect(await provider.fetch(tv('Castle Keep', 1, 1), signal())).toEqual({
      season: 1,
      episode: 1,
      language: 'en',
      srt: srt('one'),
      origin: 'S01E01.srt',
    });
    expect((await provider.fetch(tv('Castle Keep', 1, 2), signal()))!.srt).toBe(srt('two'));
    expect((await provider.fetch(tv(null, 1, 3), signal()))!.srt).toBe(srt('three'));
    expect((await provider.fetch(tv('Castle Keep', 1, 4), signal()))!.srt).toBe(srt('four'));
    expect(await provider.fetch(tv('Castle Keep', 1, 5), signal())).toBeNull();
    expect(await provider.available!(tv('Castle Keep', 1, 1), signal())).toEqual(
      [1, 2, 3, 4].map((episode) => ({ season: 1, episode })),
    );
    expect(provider.quota()).toEqual({ remaining: null, resetsAt: null });
  });

  it('picks the show by its folder or file name when the folder holds several shows', async () => {
    const root = await folderWith({
      'Breaking Bad/Season 1/Breaking.Bad.S01E01.srt': srt('bb'),
      'Better Call Saul/S01E01.srt': srt('bcs'),
      'TV/The Wire/Season 01/E01.srt': srt('wire'),
      'Star Trek/S01E01.srt': srt('tos'),
      'Star Trek - Deep Space Nine/S01E01.srt': srt('ds9'),
      'Bad.Sisters.S01E01.srt': srt('sisters'),
    });
    const provider = await providerFor(root);
    expect((await provider.fetch(tv('Better Call Saul', 1, 1), signal()))!.srt).toBe(srt('bcs'));
    expect((await provider.fetch(tv('The Wire', 1, 1), signal()))!.srt).toBe(srt('wire'));
    expect((await provider.fetch(tv('Breaking Bad', 1, 1), signal()))!.srt).toBe(srt('bb'));
    expect((await provider.fetch(tv('Bad Sisters', 1, 1), signal()))!.srt).toBe(srt('sisters'));
    expect((await provider.fetch(tv('Star Trek: Deep Space Nine', 1, 1), signal()))!.srt).toBe(srt('ds9'));
    expect(await provider.fetch(tv('Lost', 1, 1), signal())).toBeNull();
    // Several shows and no title: no guess.
    expect(await provider.fetch(tv(null, 1, 1), signal())).toBeNull();
    expect(await provider.available!(tv('The Wire', 1, 1), signal())).toEqual([{ season: 1, episode: 1 }]);
  });

  it('does not serve a lone show whose name is clearly another title', async () => {
    const provider = await providerFor(await folderWith({ 'Breaking.Bad.S01E01.srt': srt('bb') }));
    expect(await provider.fetch(tv('Better Call Saul', 1, 1), signal())).toBeNull();
    expect(await provider.fetch(tv('Breaking Bad', 1, 1), signal())).not.toBeNull();
  });

  it('prefers the wanted language, then untagged, plain over hearing-impaired, never forced or another language', async () => {
    const root = await folderWith({
      'Show.S02E01.de.srt': srt('deutsch'),
      'Show.S02E01.en.sdh.srt': srt('english sdh'),
      'Show.S02E01.en.srt': srt('english'),
      'Show.S02E01.en.forced.srt': srt('forced'),
      'Show.S02E02.en.sdh.srt': srt('only sdh'),
      'Show.S02E03.srt': srt('untagged'),
      'Show.S02E04.fr.srt': srt('francais'),
    });
    const provider = await providerFor(root);
    expect(await provider.fetch(tv('Show', 2, 1), signal())).toMatchObject({
      srt: srt('english'),
      language: 'en',
      origin: 'Show.S02E01.en.srt',
    });
    expect(await provider.fetch(tv('Show', 2, 1, 'de'), signal())).toMatchObject({
      srt: srt('deutsch'),
      language: 'de',
    });
    expect((await provider.fetch(tv('Show', 2, 2), signal()))!.srt).toBe(srt('only sdh'));
    expect(await provider.fetch(tv('Show', 2, 3, 'de'), signal())).toMatchObject({
      srt: srt('untagged'),
      language: 'de',
    });
    expect(await provider.fetch(tv('Show', 2, 4), signal())).toBeNull();
    expect(await provider.available!(tv('Show', 2, 1), signal())).toEqual(
      [1, 2, 3].map((episode) => ({ season: 2, episode })),
    );
  });

  it('serves a two-episode file for both episodes, a single-episode file first', async () => {
    const provider = await providerFor(
      await folderWith({ 'Show.S03E01-E02.srt': srt('both'), 'Show.S03E02.srt': srt('second') }),
    );
    expect((await provider.fetch(tv('Show', 3, 1), signal()))!.srt).toBe(srt('both'));
    expect((await provider.fetch(tv('Show', 3, 2), signal()))!.srt).toBe(srt('second'));
    expect(await provider.available!(tv('Show', 3, 1), signal())).toEqual(
      [1, 2].map((episode) => ({ season: 3, episode })),
    );
  });

  it('skips hidden folders and folders deeper than max_depth; any folder or the file name may name the show', async () => {
    const root = await folderWith({
      '.trash/Show.S01E01.srt': srt('hidden'),
      'Rips/Disc 1/c/Show.S01E02.srt': srt('deep'),
    });
    expect(await (await providerFor(root)).available!(tv('Show', 1, 1), signal())).toEqual([{ season: 1, episode: 2 }]);
    expect(await (await providerFor(root, { max_depth: 2 })).available!(tv('Show', 1, 1), signal())).toEqual([]);
  });
});

describe('local folder: movies', () => {
  it('finds a movie by title and year in the file or folder name', async () => {
    const root = await folderWith({
      'Movies/Dune (1984)/Dune.1984.srt': srt('dune 1984'),
      'Movies/Dune (2021)/English.srt': srt('dune 2021'),
      'Alien.1979.1080p.BluRay.en.srt': srt('alien'),
      'Aliens (1986).srt': srt('aliens'),
      'Blade Runner 2049 (2017).srt': srt('br2049'),
      'Blade.Runner.1982.srt': srt('br'),
      'Show.S01E01.srt': srt('episode'),
    });
    const provider = await providerFor(root);
    expect(await provider.fetch(movie('Dune', 2021), signal())).toEqual({
      season: null,
      episode: null,
      language: 'en',
      srt: srt('dune 2021'),
      origin: join('Movies', 'Dune (2021)', 'English.srt'),
    });
    expect((await provider.fetch(movie('Dune', 1984), signal()))!.srt).toBe(srt('dune 1984'));
    expect((await provider.fetch(movie('Alien', 1979), signal()))!.srt).toBe(srt('alien'));
    expect((await provider.fetch(movie('Aliens'), signal()))!.srt).toBe(srt('aliens'));
    expect((await provider.fetch(movie('Blade Runner 2049', 2017), signal()))!.srt).toBe(srt('br2049'));
    expect((await provider.fetch(movie('Blade Runner', 1982), signal()))!.srt).toBe(srt('br'));
    expect(await provider.fetch(movie('Alien', 2024), signal())).toBeNull();
    expect(await provider.fetch(movie('Alien: Covenant'), signal())).toBeNull();
  });
});

describe('local folder: encodings', () => {
  it('decodes UTF-8 with and without BOM, UTF-16 with BOM and Windows-1252', async () => {
    const text = srt('Café “crème” — naïve');
    const root = await folderWith({
      'Show.S01E01.srt': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
      'Show.S01E02.srt': Buffer.from(text, 'utf8'),
      'Show.S01E03.srt': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      'Show.S01E04.srt': windows1252(text),
    });
    const provider = await providerFor(root);
    for (const episode of [1, 2, 3, 4])
      expect((await provider.fetch(tv('Show', 1, episode), signal()))!.srt).toBe(text);
  });
});

describe('local folder: errors and abort', () => {
  const codeOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      expect(SpindleError.is(error)).toBe(true);
      return (error as SpindleError).code;
    }
    return 'resolved';
  };

  it('says when the folder is not set or missing', async () => {
    expect(await codeOf((await providerFor('')).fetch(tv('Show', 1, 1), signal()))).toBe('subtitle_not_configured');
    expect(
      await codeOf((await providerFor(join(tmpdir(), 'spindle-no-such-folder'))).fetch(tv('Show', 1, 1), signal())),
    ).toBe('subtitle_folder_missing');
  });

  it('rejects with an aborted error when the signal has fired', async () => {
    const provider = await providerFor(await folderWith({ 'Show.S01E01.srt': srt('x') }));
    expect(await codeOf(provider.fetch(tv('Show', 1, 1), AbortSignal.abort()))).toBe('aborted');
    expect(await codeOf(provider.available!(tv('Show', 1, 1), AbortSignal.abort()))).toBe('aborted');
  });
});
