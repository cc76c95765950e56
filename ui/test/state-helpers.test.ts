import { describe, expect, it } from 'vitest';
import { Backoff } from '../src/lib/backoff.ts';
import { configGroups, SPECIAL_FIELDS } from '../src/lib/config-fields.ts';
import { configSchemas } from '../src/lib/api/generated.ts';
import { fieldOfError } from '../src/lib/state/config.svelte.ts';
import { DEFAULT_FILTERS, filtersFromSearch, filtersToSearch, toQuery } from '../src/lib/state/history.svelte.ts';
import { parseRoute } from '../src/lib/state/router.svelte.ts';
import { bucketByDay } from '../src/lib/state/stats.svelte.ts';

describe('reconnect backoff', () => {
  it('doubles from 0.5 s up to 10 s, with jitter inside [75 %, 100 %], and starts over after a success', () => {
    const top = new Backoff(500, 10_000, () => 1);
    expect(Array.from({ length: 7 }, () => top.next())).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    top.reset();
    expect(top.next()).toBe(500);
    const low = new Backoff(500, 10_000, () => 0);
    expect([low.next(), low.next()]).toEqual([375, 750]);
  });
});

describe('settings layout', () => {
  it('places every AppConfig field exactly once, and a field the API gains later under a group', () => {
    const names = Object.keys(configSchemas.AppConfigUpdate.properties);
    const placed = configGroups().flatMap((g) => g.fields.map((f) => f.name));
    expect(new Set(placed).size).toBe(placed.length);
    expect([...placed, ...SPECIAL_FIELDS].sort()).toEqual([...names].sort());
    const later = configGroups([...names, 'staging_new_thing', 'brand_new_setting']);
    expect(later.find((g) => g.id === 'after-job')!.fields.map((f) => f.name)).toContain('staging_new_thing');
    expect(later.at(-1)).toMatchObject({
      id: 'other',
      fields: [expect.objectContaining({ name: 'brand_new_setting' })],
    });
  });

  it('knows the secrets from the schema ("***" when set) and never treats them as plain text', () => {
    const secrets = configGroups()
      .flatMap((g) => g.fields)
      .filter((f) => f.secret)
      .map((f) => f.name);
    expect(secrets).toEqual(expect.arrayContaining(['ripper_key', 'catalog_api_key']));
  });

  it('finds the field a 400 message is about', () => {
    const fields = ['staging_path', 'library_tv_path', 'max_concurrent_matches'];
    expect(fieldOfError('Invalid value for "staging_path": directory does not exist: /x', fields)).toBe('staging_path');
    expect(fieldOfError("field 'max_concurrent_matches' must be >= 1", fields)).toBe('max_concurrent_matches');
    expect(fieldOfError('something else entirely', fields)).toBeNull();
  });
});

describe('history filters in the URL', () => {
  it('round-trips and ignores values the API would refuse', () => {
    const f = { content_type: 'movie' as const, state: 'failed' as const, q: 'blade', page: 3, per_page: 50 };
    expect(filtersFromSearch(filtersToSearch(f))).toEqual(f);
    expect(filtersToSearch(DEFAULT_FILTERS)).toBe('');
    expect(filtersFromSearch('?content_type=cartoon&state=running&page=-2&per_page=500')).toEqual({
      ...DEFAULT_FILTERS,
      per_page: 100,
    });
    expect(toQuery({ ...DEFAULT_FILTERS, q: '  ' })).toEqual({ page: 1, per_page: 20 });
  });
});

describe('client routes', () => {
  it('maps paths to screens', () => {
    expect(parseRoute('/')).toEqual({ name: 'dashboard' });
    expect(parseRoute('/jobs/42')).toEqual({ name: 'job', id: 42 });
    expect(parseRoute('/review/')).toEqual({ name: 'review' });
    expect(parseRoute('/jobs/abc')).toEqual({ name: 'not_found' });
  });
});

describe('jobs over time', () => {
  it('counts finished jobs per local day, empty days included', () => {
    const today = new Date(2026, 10, 22, 15, 0);
    const at = (d: number, h: number) => new Date(2026, 10, d, h, 30).toISOString();
    const days = bucketByDay(
      [
        { state: 'completed', completed_at: at(22, 9), updated_at: at(22, 9) },
        { state: 'failed', completed_at: at(22, 1), updated_at: at(22, 1) },
        { state: 'completed', completed_at: at(20, 23), updated_at: at(20, 23) },
        { state: 'completed', completed_at: at(1, 12), updated_at: at(1, 12) }, // outside the window
      ],
      3,
      today,
    );
    expect(days).toEqual([
      { day: '2026-11-20', completed: 1, failed: 0 },
      { day: '2026-11-21', completed: 0, failed: 0 },
      { day: '2026-11-22', completed: 1, failed: 1 },
    ]);
  });
});
