/**
 * The `spindle` client commands as a user runs them, against a real `spindle serve` process:
 * import a folder and watch it complete (live progress from the WebSocket), list jobs, watch jobs
 * that failed or wait for review (exit codes 1 and 2), read and change the configuration, refused
 * requests (exit 3), and a clear message with exit 69 once the service is down.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSpindle } from './support/cli-process.ts';
import { makeLongMkv } from './support/make-media.ts';
import { LOCAL_PIPELINE, SHORT_FEATURES } from './support/folder-import.ts';
import { writeConfig } from './support/service-harness.ts';
import { spawnService, type ServiceProcess } from './support/service-process.ts';

let root: string;
let staging: string;
let movies: string;
let service: ServiceProcess;

// A clean environment: no HOST/PORT/SPINDLE_URL from the test runner unless a test sets them.
const cli = (args: string[], env: Record<string, string> = {}) =>
  runSpindle(args, { cwd: root, env, unset: ['HOST', 'PORT', 'SPINDLE_URL'] });

const url = () => ['--url', service.url];

async function folder(name: string, files: [string, number][]): Promise<string> {
  const dir = join(staging, name);
  await mkdir(dir);
  for (const [file, seconds] of files) await makeLongMkv(join(dir, file), seconds);
  return dir;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-cli-'));
  staging = join(root, 'staging');
  movies = join(root, 'Movies');
  const dataDir = join(root, 'data');
  for (const dir of [staging, movies, join(root, 'TV'), dataDir]) await mkdir(dir);
  await writeConfig(dataDir, {
    staging_path: staging,
    library_movies_path: movies,
    library_tv_path: join(root, 'TV'),
    staging_watch_enabled: false,
    staging_cleanup_policy: 'manual',
    pipeline: LOCAL_PIPELINE,
    plugin_settings: SHORT_FEATURES,
  });
  service = await spawnService({ SPINDLE_DATA_DIR: dataDir });
}, 60_000);

afterAll(async () => {
  await service?.stop();
});

describe('spindle client commands against a running service', () => {
  it('imports a folder and watches it complete, with progress lines from the WebSocket', async () => {
    const dir = await folder('CLI_MOVIE', [['title_t00.mkv', 150]]);
    const run = await cli(['import', dir, '--type', 'movie', '--title', 'CLI Movie', '--watch', ...url()]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [created, ...rest] = run.stdout.trim().split('\n');
    expect(created).toMatch(new RegExp(`^Job (\\d+) created for ${dir} \\(CLI_MOVIE\\)\\.$`));
    const id = /^Job (\d+)/.exec(created!)![1];
    expect(rest.length).toBeGreaterThan(1);
    expect(
      rest
        .slice(0, -1)
        .every((line) => /^(idle|identifying|ripping|matching|organizing)\s+\[[#-]{10,30}\]\s+\d+%/.test(line)),
    ).toBe(true);
    expect(rest.at(-1)).toBe(`Job ${id} completed.`);
    expect(existsSync(join(movies, 'CLI Movie', 'CLI Movie.mkv'))).toBe(true);

    const jobs = await cli(['jobs', ...url()]);
    expect(jobs.code).toBe(0);
    const lines = jobs.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATE\s+PROGRESS\s+TITLE\s+LABEL$/);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${id}\\s+completed\\s+100%\\s+CLI Movie\\s+CLI_MOVIE$`)),
    );

    const again = await cli(['watch', id!], { HOST: '127.0.0.1', PORT: new URL(service.url).port }); // the URL from HOST and PORT
    expect([again.code, again.stdout]).toEqual([0, `Job ${id} completed.\n`]);
  });

  it('exits 2 for a job waiting for review and 1 for a failed one, saying why', async () => {
    const show = await folder('A_SHOW_D1', [
      ['t00.mkv', 1300],
      ['t01.mkv', 1320],
    ]);
    const imported = await cli(['import', show, '--type', 'tv', '--title', 'A Show', '--season', '1', ...url()]);
    expect(imported.code).toBe(0);
    const reviewId = /^Job (\d+) created/.exec(imported.stdout)![1]!;
    expect(imported.stdout).toContain(`Follow it with: spindle watch ${reviewId}`);
    const review = await cli(['watch', reviewId, ...url()]);
    expect(review.code).toBe(2);
    expect(review.stdout.trim().split('\n').at(-1)).toMatch(
      new RegExp(`^Job ${reviewId} needs review: 2 title\\(s\\) could not be matched`),
    );

    const broken = join(staging, 'BROKEN');
    await mkdir(broken);
    await writeFile(join(broken, 'not-really.mkv'), 'this is not a matroska file');
    const failed = await cli(['import', broken, '--type', 'movie', '--title', 'Broken', '--watch', ...url()]);
    expect(failed.code).toBe(1);
    expect(failed.stdout.trim().split('\n').at(-1)).toMatch(/^Job \d+ failed: .*not-really\.mkv/);
  });

  it('refuses bad requests with the service’s message and exit code 3, bad arguments with 64', async () => {
    const missing = await cli(['import', join(staging, 'no-such-folder'), ...url()]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain(
      `Spindle refused: staging_path '${join(staging, 'no-such-folder')}' does not exist (staging_path_missing)`,
    );
    // A folder outside staging_path (and IMPORT_ROOTS) is refused before anything looks at it.
    const outside = await cli(['import', root, ...url()]);
    expect(outside.code).toBe(3);
    expect(outside.stderr).toMatch(
      /Spindle refused: '.*' is not inside staging_path .*IMPORT_ROOTS.*\(import_outside_roots\)/,
    );
    const unknownJob = await cli(['watch', '99999', ...url()]);
    expect([unknownJob.code, unknownJob.stderr.trim()]).toEqual([
      3,
      'Spindle refused: Job 99999 does not exist (job_not_found)',
    ]);
    const usage = await cli(['import', staging, '--type', 'film', ...url()]);
    expect(usage.code).toBe(64);
    expect(usage.stderr).toContain('--type must be tv or movie, got "film"');
    expect((await cli(['frobnicate'])).code).toBe(64);
  });

  it('reads and changes the configuration', async () => {
    expect((await cli(['config', 'get', 'staging_path', ...url()])).stdout).toBe(`${staging}\n`);
    const set = await cli(['config', 'set', 'staging_cleanup_days', '9', ...url()]);
    expect([set.code, set.stdout]).toEqual([0, 'staging_cleanup_days = 9\n']);
    const nested = await cli(['config', 'set', 'pipeline.providers.notifier', '["webhook"]', ...url()]);
    expect(nested.code).toBe(0);
    // A pipeline change applies live: nothing to restart.
    expect(nested.stdout).toBe('pipeline.providers.notifier = [\n  "webhook"\n]\n');
    const nested2 = await cli(['config', 'set', 'pipeline.providers.catalog', '["tmdb"]', ...url()]);
    expect(nested2.code).toBe(0);
    const pipeline = JSON.parse((await cli(['config', 'get', 'pipeline', ...url()])).stdout) as {
      matchers: string[];
      providers: Record<string, string[]>;
    };
    expect(pipeline.matchers).toEqual(['movie-runtime']); // the rest of the pipeline is kept
    expect(pipeline.providers).toEqual({ notifier: ['webhook'], catalog: ['tmdb'] }); // and the other provider kinds
    // unset: a merge patch's null removes the key; a top-level field goes back to its default.
    const unset = await cli(['config', 'unset', 'pipeline.providers.notifier', ...url()]);
    expect([unset.code, unset.stdout]).toEqual([0, 'pipeline.providers.notifier removed\n']);
    expect(JSON.parse((await cli(['config', 'get', 'pipeline.providers', ...url()])).stdout)).toEqual({
      catalog: ['tmdb'],
    });
    const back = await cli(['config', 'unset', 'staging_cleanup_days', ...url()]);
    expect([back.code, back.stdout]).toEqual([0, 'staging_cleanup_days = 7\n']);
    const restart = await cli(['config', 'set', 'max_concurrent_matches', '3', ...url()]);
    expect(restart.stdout).toBe(
      'max_concurrent_matches = 3\nRestart Spindle for max_concurrent_matches to take effect (the web UI has a restart button).\n',
    );
    const invalid = await cli(['config', 'set', 'max_concurrent_matches', '0', ...url()]);
    expect(invalid.code).toBe(3);
    expect(invalid.stderr).toContain('max_concurrent_matches');
    const unknown = await cli(['config', 'get', 'no_such_field', ...url()]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('Unknown configuration field "no_such_field"');
  });

  it('says the service is not running, with exit code 69, once it is down', async () => {
    const address = service.url;
    expect((await service.stop()).code).toBe(0);
    for (const args of [['jobs'], ['watch', '1'], ['config', 'get']]) {
      const run = await cli([...args, '--url', address]);
      expect(run.code).toBe(69);
      expect(run.stderr).toContain(`Spindle is not running at ${address} (connection refused).`);
      expect(run.stderr).toContain('spindle serve');
    }
  });
});
