import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs, wholeNumber } from '../../src/cli/cli-args.ts';
import { parseValue } from '../../src/cli/config-command.ts';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { jobsTable } from '../../src/cli/jobs-command.ts';
import { formatDuration, outcomeLine, progressBar, progressLine } from '../../src/cli/progress-line.ts';
import { DEFAULT_URL, resolveBaseUrl, resolveToken, ServiceClient } from '../../src/cli/service-client.ts';

describe('arguments', () => {
  it('reads positionals, --name value, --name=value and flags', () => {
    const parsed = parseArgs(['/srv/x', '--title', 'My Show', '--season=2', '--watch', '--url', 'http://h:1'], {
      options: ['title', 'season'],
      flags: ['watch'],
    });
    expect(parsed.positionals).toEqual(['/srv/x']);
    expect(parsed.options).toEqual({ title: 'My Show', season: '2', url: 'http://h:1' });
    expect([...parsed.flags]).toEqual(['watch']);
  });

  it('refuses unknown options, missing values and values for flags, as usage errors', () => {
    expect(() => parseArgs(['--colour', 'red'], {})).toThrow(
      expect.objectContaining({ exitCode: EXIT.USAGE, message: expect.stringContaining('Unknown option --colour') }),
    );
    expect(() => parseArgs(['--title'], { options: ['title'] })).toThrow(/--title needs a value/);
    expect(() => parseArgs(['--watch=yes'], { flags: ['watch'] })).toThrow(/--watch takes no value/);
    expect(() => wholeNumber('12a', 'The job id')).toThrow(
      /The job id must be a whole number of at least 1, got "12a"/,
    );
    expect(wholeNumber('0', '--season', 0)).toBe(0);
  });
});

describe('service URL', () => {
  it('prefers --url, then SPINDLE_URL, then HOST/PORT, then .env, then the default', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'spindle-cli-url-'));
    expect(resolveBaseUrl(undefined, {}, cwd)).toBe(DEFAULT_URL);
    expect(resolveBaseUrl('http://nas.local:9000/ignored/path', { SPINDLE_URL: 'http://x:1' }, cwd)).toBe(
      'http://nas.local:9000',
    );
    expect(resolveBaseUrl(undefined, { SPINDLE_URL: 'http://x:1' }, cwd)).toBe('http://x:1');
    expect(resolveBaseUrl(undefined, { HOST: '0.0.0.0', PORT: '8123' }, cwd)).toBe('http://127.0.0.1:8123');
    expect(resolveBaseUrl(undefined, { HOST: '::' }, cwd)).toBe('http://[::1]:8000');
    await writeFile(join(cwd, '.env'), 'PORT=8456\n');
    expect(resolveBaseUrl(undefined, {}, cwd)).toBe('http://127.0.0.1:8456');
    expect(() => resolveBaseUrl('ftp://x', {}, cwd)).toThrow(expect.objectContaining({ exitCode: EXIT.USAGE }));
  });
});

describe('API token', () => {
  it('takes --token, else SPINDLE_TOKEN, and sends it with the client header', () => {
    expect(resolveToken('spindle_a', { SPINDLE_TOKEN: 'spindle_b' })).toBe('spindle_a');
    expect(resolveToken(undefined, { SPINDLE_TOKEN: ' spindle_b ' })).toBe('spindle_b');
    expect(resolveToken(undefined, {})).toBeNull();
    expect(new ServiceClient(DEFAULT_URL, 'spindle_a').headers).toMatchObject({
      authorization: 'Bearer spindle_a',
      'x-spindle-client': 'cli',
    });
    expect(new ServiceClient(DEFAULT_URL).headers).not.toHaveProperty('authorization');
    expect(parseArgs(['--token', 'spindle_a'], {}).options.token).toBe('spindle_a');
  });
});

describe('watch output', () => {
  const job = {
    id: 4,
    state: 'ripping',
    progress_percent: 42.4,
    current_speed: '2.3x',
    eta_seconds: 3725,
    current_title: 1,
    total_titles: 3,
    error_message: null,
    review_reason: null,
  };

  it('draws a bar with percent, speed, ETA and title', () => {
    expect(progressBar(50, 10)).toBe('[#####-----]');
    expect(progressBar(140, 4)).toBe('[####]');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(progressLine(job, 80)).toBe(
      'ripping       [#############-----------------]   42%  2.3x  ETA 1:02:05  title #1 of 3',
    );
  });

  it('says how the job ended', () => {
    expect(outcomeLine({ ...job, state: 'completed' })).toBe('Job 4 completed.');
    expect(outcomeLine({ ...job, state: 'failed', error_message: 'no disc' })).toBe('Job 4 failed: no disc');
    expect(outcomeLine({ ...job, state: 'review_needed', review_reason: 'which episode?' })).toBe(
      'Job 4 needs review: which episode?',
    );
  });
});

describe('jobs table and config values', () => {
  it('lines up the columns', () => {
    const table = jobsTable([
      {
        id: 12,
        state: 'ripping',
        progress_percent: 42.6,
        content_type: 'tv',
        volume_label: 'SHOW_D1',
        detected_title: 'Show',
        detected_season: 1,
        catalog_title: null,
      },
      {
        id: 9,
        state: 'completed',
        progress_percent: 100,
        content_type: 'movie',
        volume_label: 'DUNE',
        detected_title: 'Dune',
        detected_season: null,
        catalog_title: 'Dune',
      },
    ]);
    expect(table.split('\n')).toEqual([
      'ID  STATE      PROGRESS  TITLE    LABEL',
      '12  ripping    43%       Show S1  SHOW_D1',
      '9   completed  100%      Dune     DUNE',
    ]);
  });

  it('reads a value as JSON when it is JSON, else as text', () => {
    expect([
      parseValue('true'),
      parseValue('9'),
      parseValue('null'),
      parseValue('["a"]'),
      parseValue('/srv/media'),
      parseValue('"07"'),
    ]).toEqual([true, 9, null, ['a'], '/srv/media', '07']);
  });
});
