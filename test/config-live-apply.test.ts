/**
 * Configuration changes apply live and never brick the service (issue 20): a pipeline or plugin
 * settings PATCH reaches the next job without a restart while a job already running keeps the
 * implementations it started with; a plugin added to a plugin folder after the start can be
 * chosen at once; a configuration that could not start is refused with 400 naming the field.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';
import { importFolder, tvSeason } from './support/folder-import.ts';

const THIRD_PARTY = fileURLToPath(new URL('./fixtures/third-party-plugins', import.meta.url));
const LIVE = fileURLToPath(new URL('./fixtures/live-plugins', import.meta.url));
const SDK = fileURLToPath(new URL('../plugin-sdk', import.meta.url));

let root: string;
let lateFolder: string;
let svc: TestService;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'spindle-live-'));
  lateFolder = join(root, 'late-plugins');
  await mkdir(join(lateFolder, 'node_modules', '@spindle'), { recursive: true });
  // The plugin folder resolves the SDK the way an installed plugin does: from its node_modules.
  await symlink(SDK, join(lateFolder, 'node_modules', '@spindle', 'plugin-sdk'), 'dir');
  await mkdir(join(root, 'staging'), { recursive: true });
  svc = await startTestService({
    pluginPaths: [THIRD_PARTY, LIVE, lateFolder],
    config: {
      staging_path: join(root, 'staging'),
      // No organizer: a job ends after matching (failed in organizing), which is all these tests look at.
      pipeline: {
        detectors: [],
        identifiers: ['heuristic'],
        matchers: ['order-guess'],
        organizer: null,
        contributors: [],
        providers: {},
      },
      plugin_settings: { 'order-guess': { confidence: 0.9, delay_ms: 4000 } },
    },
  });
  api = apiClient(svc.url);
}, 60_000);

afterAll(async () => {
  await svc?.close();
  await rm(root, { recursive: true, force: true });
});

let disc = 0;
async function importShow(): Promise<number> {
  const folder = join(root, 'staging', `LIVE_SHOW_D${++disc}`);
  await mkdir(folder, { recursive: true });
  await Promise.all([0, 1].map((i) => makeLongMkv(join(folder, `t0${i}.mkv`), 1300 + i)));
  return importFolder(api, { staging_path: folder, ...tvSeason('Live Show') });
}

const settled = (id: number) =>
  eventually(
    () => api.get(`/api/jobs/${id}`),
    (r) => ['failed', 'completed', 'review_needed'].includes(r.body.state),
    60_000,
  );
/** Each title's match source and the matcher's own evidence (its first component: the disc-wide pass may raise the final confidence). */
const titles = async (id: number) =>
  (await svc.service.db.titles.listByJob(id)).map((t) => ({
    source: t.matchSource,
    confidence: t.matchDetailsJson
      ? (JSON.parse(t.matchDetailsJson) as { components: { value: number }[] }).components[0]!.value
      : null,
  }));

describe('live apply', () => {
  it('a running job keeps its matcher and settings; the next job gets the new ones, without a restart', async () => {
    const first = await importShow();
    // The first job is mid-flight in the slow matcher when the configuration changes.
    await eventually(
      () => api.get(`/api/jobs/${first}`),
      (r) => r.body.state === 'matching',
      60_000,
    );
    const patch = await api.patch('/api/config', {
      plugin_settings: { 'order-guess': { confidence: 0.6, delay_ms: 0 } },
    });
    expect(patch.status).toBe(200);
    expect(patch.body.restart_required).toEqual([]);
    expect(patch.body.plugin_settings['order-guess']).toEqual({ confidence: 0.6, delay_ms: 0 });
    const second = await importShow();
    await settled(first);
    await settled(second);
    expect(await titles(first)).toEqual([
      { source: 'disc_order', confidence: 0.9 },
      { source: 'disc_order', confidence: 0.9 },
    ]);
    expect(await titles(second)).toEqual([
      { source: 'disc_order', confidence: 0.6 },
      { source: 'disc_order', confidence: 0.6 },
    ]);

    // A pipeline swap: the matcher is replaced for the next job; /api/plugins follows.
    const swap = await api.patch('/api/config', { pipeline: { matchers: ['disc-lookup'] } });
    expect(swap.status).toBe(200);
    expect(swap.body.pipeline.identifiers).toEqual(['heuristic']);
    const plugins = (await api.get('/api/plugins')).body as { id: string; status: string }[];
    expect(plugins.find((p) => p.id === 'order-guess')?.status).toBe('available');
    expect(plugins.find((p) => p.id === 'matcher-disc-lookup')?.status).toBe('loaded');
    const third = await importShow();
    await settled(third);
    expect((await titles(third)).some((t) => t.source === 'disc_order')).toBe(false);
  });

  it('a plugin added to a plugin folder after the start can be chosen with one PATCH, and the next job uses it', async () => {
    const dir = join(lateFolder, 'spindle-plugin-late-label');
    await mkdir(dir);
    await writeFile(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'spindle-plugin-late-label',
        version: '0.1.0',
        type: 'module',
        exports: { '.': './index.js' },
        spindle: { id: 'late-label', apiVersion: '^1', stages: { identifier: ['late-label'] } },
      }),
    );
    await writeFile(
      join(dir, 'index.js'),
      `import { definePlugin } from '@spindle/plugin-sdk';
export default definePlugin({ id: 'late-label', stages: { identifier: { 'late-label': () => ({
  async identify(input) {
    return { contentType: 'movie', source: 'heuristic', confidence: 0.95, title: 'Late Plugin Movie', year: null, season: null, discNumber: null,
      catalogId: null, catalogTitle: null, discLookup: null, titleHints: [], ambiguousMovie: false, reviewReason: null, evidence: ['late-label says so'] };
  },
}) } } });
`,
    );
    const patch = await api.patch('/api/config', { pipeline: { identifiers: ['late-label', 'heuristic'] } });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const plugins = (await api.get('/api/plugins')).body as { id: string; status: string; origin: string }[];
    expect(plugins.find((p) => p.id === 'late-label')).toMatchObject({ status: 'loaded', origin: 'plugins_path' });
    const folder = join(root, 'staging', 'SOME_DISC');
    await mkdir(folder);
    await makeLongMkv(join(folder, 't00.mkv'), 5400);
    const job = await api.post('/api/staging/import', { staging_path: folder });
    expect(job.status).toBe(201);
    const done = await settled(job.body.id as number);
    expect(done.body.detected_title).toBe('Late Plugin Movie');
  });
});

describe('a configuration that could not start is refused with 400 naming the field, and nothing is stored', () => {
  const refused = async (body: unknown, field: string, text?: RegExp) => {
    const before = (await api.get('/api/config')).body;
    const res = await api.patch('/api/config', body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('invalid_config');
    expect(res.body.error.message).toContain(`"${field}"`);
    if (text) expect(res.body.error.message).toMatch(text);
    expect((await api.get('/api/config')).body).toEqual(before);
  };

  it('an implementation no installed plugin offers (organizer, chain member, provider kind)', async () => {
    await refused(
      { pipeline: { organizer: 'no-such-organizer' } },
      'pipeline.organizer',
      /no installed plugin offers it/,
    );
    await refused({ pipeline: { matchers: ['disc-lookup', 'nope'] } }, 'pipeline.matchers');
    await refused({ pipeline: { rippers: { folder: 'nope' } } }, 'pipeline.rippers.folder');
    await refused({ pipeline: { providers: { notifier: ['webhook', 'nope'] } } }, 'pipeline.providers.notifier');
  });

  it('a plugin that cannot be used: not a plugin envelope, built for another SDK', async () => {
    await refused({ pipeline: { identifiers: ['broken'] } }, 'pipeline.identifiers', /spindle-plugin-broken/);
    await refused({ pipeline: { identifiers: ['future', 'heuristic'] } }, 'pipeline.identifiers', /future/);
  });

  it('settings that break the plugin’s settingsSchema, naming the property', async () => {
    await refused(
      { plugin_settings: { 'order-guess': { confidence: 5 } } },
      'plugin_settings.order-guess.confidence',
      /must be <= 1/,
    );
    await refused({ plugin_settings: { 'order-guess': { bogus: 1 } } }, 'plugin_settings.order-guess.bogus');
    await refused({ plugin_settings: { 'order-guess': { delay_ms: 'slow' } } }, 'plugin_settings.order-guess.delay_ms');
  });

  it('an implementation whose factory throws; the same with the setting it needs is accepted', async () => {
    await refused(
      { pipeline: { providers: { notifier: ['picky'] } } },
      'pipeline.providers.notifier',
      /set plugin_settings\["live-notifier"\]\.ready to true first/,
    );
    const ok = await api.patch('/api/config', {
      pipeline: { providers: { notifier: ['picky'] } },
      plugin_settings: { 'live-notifier': { ready: true } },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.pipeline.providers.notifier).toEqual(['picky']);
  });

  it('server-level settings stay out of reach of PATCH', async () => {
    await refused({ ripper_path: '/bin/sh' }, 'ripper_path', /server-level/);
    await refused({ plugins_path: root }, 'plugins_path', /server-level/);
  });
});
