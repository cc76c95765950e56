/**
 * The SDK as a third party gets it: `npm pack` of the built package, installed alone into an
 * empty project; the starter makes a TypeScript and a JavaScript plugin there, which type-check
 * and pass their own tests; then a running service loads that folder through plugins_path (the
 * plugins use the project's compatible SDK copy), and a plugin folder with no SDK at all next to
 * it (Spindle links its own SDK for it); and a stage swapped to a customised starter organizer with
 * one PATCH files the next job, with no restart.
 */
import { lstat, mkdir, mkdtemp, readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './support/http-client.ts';
import { importMovie, LOCAL_PIPELINE, SHORT_FEATURES } from './support/folder-import.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from './support/service-harness.ts';
import {
  newPlugin,
  packSdk,
  projectWithSdk,
  run,
  runPluginTests,
  typeCheck,
  type StarterPlugin,
} from './support/starter-plugins.ts';

const SDK_DIR = fileURLToPath(new URL('../plugin-sdk', import.meta.url));
const LONG = 600_000;

let tarball: string;
let project: string;
let organizer: StarterPlugin;
let notifier: StarterPlugin;

beforeAll(async () => {
  tarball = await packSdk();
  project = await projectWithSdk(tarball);
  organizer = newPlugin(project, 'organizer', 'tidy-organizer', false);
  notifier = newPlugin(project, 'notifier', 'file-notifier', true);
}, LONG);

describe('the packed SDK in an empty project', () => {
  it('installs with no other Spindle package, as JavaScript with .d.ts and no source', async () => {
    const installed = join(project, 'node_modules', '@spindle');
    expect(await readdir(installed)).toEqual(['plugin-sdk']);
    const files = await readdir(join(installed, 'plugin-sdk'));
    expect(files).toEqual(
      expect.arrayContaining(['index.js', 'index.d.ts', 'package.json', 'CHANGELOG.md', 'testing', 'starter']),
    );
    expect(files.some((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toBe(false);
    const pkg = JSON.parse(await readFile(join(installed, 'plugin-sdk', 'package.json'), 'utf8')) as {
      version: string;
      exports: Record<string, unknown>;
    };
    expect(pkg.version).toBe(JSON.parse(await readFile(join(SDK_DIR, 'package.json'), 'utf8')).version);
    expect(pkg.exports['.']).toEqual({ types: './index.d.ts', default: './index.js' });
    // zstd-codec ships no types; the public .d.ts files never mention it, so a checkJs project does not trip on it.
    const declarations = run(
      'grep',
      ['-rl', "from 'zstd-codec'", '--include=*.d.ts', join(installed, 'plugin-sdk')],
      project,
      { allowFailure: true },
    );
    expect(declarations.stdout).toBe('');
  });

  it('the starter writes manifest, plugin, test and README for a TS organizer and a JS notifier', async () => {
    for (const [plugin, ext] of [
      [organizer, 'ts'],
      [notifier, 'js'],
    ] as const) {
      expect((await readdir(plugin.dir)).sort()).toEqual(['README.md', 'package.json', 'src', 'test', 'tsconfig.json']);
      expect(await readdir(join(plugin.dir, 'src'))).toEqual([`index.${ext}`]);
      const pkg = JSON.parse(await readFile(join(plugin.dir, 'package.json'), 'utf8')) as {
        spindle: { id: string; apiVersion: string };
      };
      expect(pkg.spindle).toMatchObject({ id: plugin.id, apiVersion: '^1.1' });
      expect(await readFile(join(plugin.dir, 'README.md'), 'utf8')).toContain(`# spindle-plugin-${plugin.id}`);
    }
  });

  it(
    'both plugins type-check (the JS one with checkJs) and a type error is caught',
    async () => {
      for (const plugin of [organizer, notifier]) {
        const check = typeCheck(project, plugin);
        expect(check.stdout + check.stderr).toBe('');
        expect(check.status).toBe(0);
      }
      const broken = newPlugin(project, 'identifier', 'broken-types', true);
      const source = join(broken.dir, 'src', 'index.js');
      await writeFile(source, (await readFile(source, 'utf8')).replace("contentType: 'movie'", "contentType: 'film'"));
      const check = typeCheck(project, broken);
      expect(check.status).not.toBe(0);
      expect(check.stdout).toContain('"film"');
    },
    LONG,
  );

  it(
    "both plugins' own tests pass out of the box",
    () => {
      for (const plugin of [organizer, notifier]) {
        const result = runPluginTests(plugin);
        expect(result.stdout, result.stderr).toMatch(/ℹ fail 0/);
        expect(result.status).toBe(0);
      }
    },
    LONG,
  );
});

describe('a service with the project as its plugins_path', () => {
  let service: TestService;
  let bare: StarterPlugin;

  beforeAll(async () => {
    // A plugin folder with no SDK anywhere above it: Spindle must provide its own.
    const bareRoot = await mkdtemp(join(tmpdir(), 'spindle-bare-plugins-'));
    run(
      process.execPath,
      [
        join(project, 'node_modules', '@spindle', 'plugin-sdk', 'starter', 'cli.js'),
        'new',
        'identifier',
        'bare-identifier',
        '--js',
        '--dir',
        'bare-identifier',
      ],
      bareRoot,
    );
    bare = { id: 'bare-identifier', kind: 'identifier', js: true, dir: join(bareRoot, 'bare-identifier') };
    service = await startTestService({
      config: {
        plugins_path: project,
        pipeline: {
          ...EMPTY_PIPELINE,
          organizer: organizer.id,
          identifiers: [bare.id],
          providers: { notifier: [notifier.id] },
        },
      },
      pluginPaths: [bareRoot],
    });
  }, LONG);

  afterAll(async () => {
    await service?.close();
  });

  it('lists and loads the starter plugins from plugins_path', async () => {
    const api = apiClient(service.url);
    const plugins = (await api.get('/api/plugins')).body as {
      id: string;
      status: string;
      origin: string;
      problem: string | null;
      organizer?: unknown;
    }[];
    for (const id of [organizer.id, notifier.id, bare.id]) {
      expect(
        plugins.find((p) => p.id === id),
        id,
      ).toMatchObject({ status: 'loaded', origin: 'plugins_path', problem: null });
    }
  });

  it('the project plugins use its SDK copy (same major); the bare folder gets a link to the running SDK', async () => {
    expect((await lstat(join(project, 'node_modules', '@spindle', 'plugin-sdk'))).isSymbolicLink()).toBe(false);
    const link = join(bare.dir, '..', 'node_modules', '@spindle', 'plugin-sdk');
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
    expect(await realpath(link)).toBe(await realpath(SDK_DIR));
  });
});

describe('a stage swapped to a starter plugin with one PATCH, without a restart', () => {
  let service: TestService;
  let api: ReturnType<typeof apiClient>;
  let staging: string;
  let movies: string;

  beforeAll(async () => {
    // The author starts from the starter and makes it their own: this organizer names movie folders "<title> (shelf)".
    const shelf = newPlugin(project, 'organizer', 'shelf-organizer', false);
    const source = join(shelf.dir, 'src', 'index.ts');
    const generated = await readFile(source, 'utf8');
    const customised = generated.replace(
      'input.libraryMoviesPath, name)',
      'input.libraryMoviesPath, `${name} (shelf)`)',
    );
    expect(customised).not.toBe(generated);
    await writeFile(source, customised);
    expect(typeCheck(project, shelf).status).toBe(0);

    const root = await mkdtemp(join(tmpdir(), 'spindle-sdk-swap-'));
    staging = join(root, 'staging');
    movies = join(root, 'Movies');
    for (const dir of [staging, movies, join(root, 'TV')]) await mkdir(dir, { recursive: true });
    service = await startTestService({
      config: {
        plugins_path: project,
        staging_path: staging,
        library_movies_path: movies,
        library_tv_path: join(root, 'TV'),
        staging_cleanup_policy: 'manual',
        pipeline: LOCAL_PIPELINE,
        plugin_settings: SHORT_FEATURES,
      },
    });
    api = apiClient(service.url);
  }, LONG);

  afterAll(async () => {
    await service?.close();
  });

  const fileMovie = async (folder: string, title: string) => {
    const done = await importMovie(api, staging, folder, title);
    expect(done.body).toMatchObject({ state: 'completed', files_filed: 1 });
  };

  it(
    'the next job is filed by the plugin the PATCH named; nothing asks for a restart',
    async () => {
      await fileMovie('FIRST_FILM', 'First Film');
      expect(await readdir(movies)).toEqual(['First Film']); // the built-in organizer

      const swapped = await api.patch('/api/config', { pipeline: { organizer: 'shelf-organizer' } });
      expect(swapped.status).toBe(200);
      expect(swapped.body).toMatchObject({
        pipeline: { organizer: 'shelf-organizer', identifiers: ['heuristic'], matchers: ['movie-runtime'] },
        restart_required: [],
      });
      expect((await api.get('/api/status')).body.pending_restart).toEqual([]);

      await fileMovie('SECOND_FILM', 'Second Film');
      expect((await readdir(movies)).sort()).toEqual(['First Film', 'Second Film (shelf)']);
      expect(await readdir(join(movies, 'Second Film (shelf)'))).toEqual(['Second Film.mkv']);
    },
    LONG,
  );
});
