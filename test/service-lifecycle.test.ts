/**
 * The README's start command, as a user runs it: `spindle serve` in a real process with a fresh
 * data directory serves the health endpoint and the UI, and stops cleanly on SIGTERM and SIGINT.
 */
import { existsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PIPELINE_DEFAULT } from '../core/src/config/app-config-fields.ts';
import { pluginsFor } from './support/configured-plugins.ts';
import { spawnService } from './support/service-process.ts';

describe('spindle serve', () => {
  it('starts on a fresh data directory, serves /api/health and /, and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spindle-serve-'));
    const service = await spawnService({ SPINDLE_DATA_DIR: dataDir });
    try {
      const health = await fetch(`${service.url}/api/health`);
      expect(health.status).toBe(200);
      // Exactly the plugins the built-in pipeline names are loaded.
      expect(await health.json()).toMatchObject({ status: 'ok', debug: false, plugins_loaded: pluginsFor(PIPELINE_DEFAULT).length });
      const status = (await (await fetch(`${service.url}/api/status`)).json()) as { detectors: { id: string; status: string }[] };
      expect(status.detectors).toContainEqual({ id: 'staging-watcher', status: 'staging_path not set' });
      const page = await fetch(`${service.url}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toMatch(/<title>Spindle<\/title>/);
      expect(existsSync(join(dataDir, 'spindle.db'))).toBe(true);
    } finally {
      const exit = await service.stop('SIGTERM');
      expect(exit.code).toBe(0);
      expect(service.output()).toContain('SIGTERM received: stopping Spindle');
    }
  });

  it('keeps the data between two starts and exits 0 on SIGINT', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spindle-serve-'));
    const first = await spawnService({ SPINDLE_DATA_DIR: dataDir, DEBUG: 'true' });
    const created = await fetch(`${first.url}/api/simulate/insert-disc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ volume_label: 'KEEP_ME', simulate_ripping: false }),
    });
    expect(created.status).toBe(201);
    expect((await first.stop('SIGINT')).code).toBe(0);
    const second = await spawnService({ SPINDLE_DATA_DIR: dataDir });
    try {
      const jobs = (await (await fetch(`${second.url}/api/jobs`)).json()) as { volume_label: string }[];
      expect(jobs.map((j) => j.volume_label)).toEqual(['KEEP_ME']);
    } finally {
      expect((await second.stop()).code).toBe(0);
    }
  });

  it('refuses to start when a configured plugin is missing, and says how to fix it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spindle-serve-'));
    const { writeConfig } = await import('./support/service-harness.ts');
    await writeConfig(dataDir, { pipeline: { organizer: 'no-such-organizer' } });
    const error = await spawnService({ SPINDLE_DATA_DIR: dataDir }).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toContain('organizer "no-such-organizer": configured in pipeline.organizer, but no installed plugin offers it');
    expect(error?.message).toContain('spindle serve --reset-pipeline');
    const reset = await spawnService({ SPINDLE_DATA_DIR: dataDir }, ['--reset-pipeline']);
    expect((await fetch(`${reset.url}/api/health`)).status).toBe(200);
    expect((await reset.stop()).code).toBe(0);
  });
});
