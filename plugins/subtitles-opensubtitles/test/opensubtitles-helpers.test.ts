import { describe, expect, it } from 'vitest';
import { isQuotaAnswer, sessionBaseUrl } from '../src/opensubtitles-client.ts';
import { retryAfterSeconds } from '../src/http-exchange.ts';
import { languagePreference, readSettings } from '../src/opensubtitles-settings.ts';
import { formatResetTime } from '../src/quota-tracker.ts';
import { agreesWithQuery, chooseFile, readResultPage, type SubtitleFile } from '../src/search-results.ts';
import { decodeSubtitle } from '@spindle/plugin-sdk';

const file = (fileId: number, overrides: Partial<SubtitleFile> = {}): SubtitleFile => ({
  fileId,
  fileName: null,
  language: 'en',
  downloads: 0,
  hearingImpaired: false,
  translated: false,
  foreignPartsOnly: false,
  season: 1,
  episode: 1,
  tmdbId: 10,
  ...overrides,
});
const query = { catalogId: 10, season: 1, episode: 1, language: 'en' };

describe('OpenSubtitles helpers', () => {
  it('uses the host /login names on the configured scheme and path, or a full URL as given', () => {
    expect(sessionBaseUrl('https://api.opensubtitles.com/api/v1', 'vip-api.opensubtitles.com')).toBe(
      'https://vip-api.opensubtitles.com/api/v1',
    );
    expect(sessionBaseUrl('http://127.0.0.1:5000/api/v1', '127.0.0.1:6000')).toBe('http://127.0.0.1:6000/api/v1');
    expect(sessionBaseUrl('https://api.opensubtitles.com/api/v1', 'https://other.example/api/v1/')).toBe(
      'https://other.example/api/v1',
    );
    expect(sessionBaseUrl('https://api.opensubtitles.com/api/v1', 'https://other.example')).toBe(
      'https://other.example/api/v1',
    );
    expect(sessionBaseUrl('https://api.opensubtitles.com/api/v1', '')).toBe('https://api.opensubtitles.com/api/v1');
    expect(sessionBaseUrl('https://api.opensubtitles.com/api/v1', null)).toBe('https://api.opensubtitles.com/api/v1');
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds('3')).toBe(3);
    expect(retryAfterSeconds(new Date(10_000).toUTCString(), 4_000)).toBe(6);
    expect(retryAfterSeconds(undefined)).toBeNull();
    expect(retryAfterSeconds('soon')).toBeNull();
  });

  it('recognises a spent quota but not the quota note of a successful download', () => {
    expect(isQuotaAnswer(406, {})).toBe(true);
    expect(
      isQuotaAnswer(200, { link: 'https://x/y.srt', remaining: 3, message: 'Your quota will be renewed in 23 hours' }),
    ).toBe(false);
    expect(isQuotaAnswer(200, { remaining: -1, message: 'x' })).toBe(true);
    expect(isQuotaAnswer(200, { message: 'You have downloaded your allowed 20 subtitles for 24h.' })).toBe(true);
    expect(isQuotaAnswer(200, { data: [] })).toBe(false);
    expect(formatResetTime('2022-04-09T12:52:16.000Z')).toBe('2022-04-09 12:52 UTC');
    expect(formatResetTime(null)).toBeNull();
  });

  it('ranks by language, then human translation, then non-HI, then downloads; drops foreign-parts-only and disagreeing results', () => {
    const prefs = { languages: ['en', 'de'], preferHearingImpaired: false };
    expect(chooseFile([file(1, { language: 'de', downloads: 99 }), file(2)], query, prefs)!.fileId).toBe(2);
    expect(
      chooseFile([file(1, { translated: true, downloads: 99 }), file(2, { hearingImpaired: true })], query, prefs)!
        .fileId,
    ).toBe(2);
    expect(
      chooseFile([file(1, { hearingImpaired: true, downloads: 99 }), file(2, { downloads: 1 })], query, prefs)!.fileId,
    ).toBe(2);
    expect(chooseFile([file(1, { downloads: 5 }), file(2, { downloads: 6 })], query, prefs)!.fileId).toBe(2);
    expect(chooseFile([file(1, { foreignPartsOnly: true }), file(2, { language: 'fr' })], query, prefs)).toBeNull();
    expect(agreesWithQuery(file(1, { season: null, episode: null, tmdbId: null }), query, true)).toBe(true);
    expect(agreesWithQuery(file(1, { episode: 2 }), query, true)).toBe(false);
    expect(agreesWithQuery(file(1, { episode: 2 }), query, false)).toBe(true);
    expect(agreesWithQuery(file(1, { tmdbId: 11 }), query, false)).toBe(false);
  });

  it('reads result pages defensively (string numbers, missing files)', () => {
    const page = readResultPage(
      {
        page: 1,
        total_pages: 2,
        data: [
          {
            attributes: {
              language: 'EN',
              feature_details: { season_number: '1', episode_number: 2, parent_tmdb_id: 10 },
              files: [{ file_id: 5, file_name: 'a' }],
            },
          },
          { attributes: { language: 'en', files: [] } },
          null,
        ],
      },
      false,
    );
    expect(page).toEqual({
      page: 1,
      totalPages: 2,
      files: [expect.objectContaining({ fileId: 5, language: 'en', season: 1, episode: 2, tmdbId: 10 })],
    });
  });

  it('decodes UTF-8 with and without BOM, UTF-16 with BOM, and falls back to Windows-1252', () => {
    expect(decodeSubtitle(Buffer.from('\uFEFFÉté', 'utf8'))).toBe('Été');
    expect(decodeSubtitle(Buffer.from('Été', 'utf8'))).toBe('Été');
    expect(decodeSubtitle(Buffer.from('\uFEFFÉté', 'utf16le'))).toBe('Été');
    expect(decodeSubtitle(Buffer.from([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94]))).toBe('“Café”');
  });

  it('fills in defaults and orders languages with the query first', () => {
    expect(readSettings({ base_url: 'http://x/api/v1/', max_retries: 'many' })).toMatchObject({
      base_url: 'http://x/api/v1',
      max_retries: 2,
      languages: 'en',
      api_key: '',
    });
    expect(languagePreference('en', 'de, EN ,pt-BR')).toEqual(['en', 'de', 'pt-br']);
    expect(languagePreference('', 'fr')).toEqual(['fr']);
  });
});
