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
      expect(await health.json()).toMatchObject({
        status: 'ok',
        debug: false,
        plugins_loaded: pluginsFor(PIPELINE_DEFAULT).length,
      });
      const status = (await (await fetch(`${service.url}/api/status`)).json()) as {
        detectors: { id: string; status: string }[];
      };
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

  it('starts in safe mode when a configured plugin is missing: the stage runs on its default, the status says so, a PATCH fixes it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spindle-serve-'));
    const { writeConfig } = await import('./support/service-harness.ts');
    // As if the organizer's plugin had been uninstalled while Spindle was stopped.
    await writeConfig(dataDir, { pipeline: { organizer: 'no-such-organizer' } });
    const svc = await spawnService({ SPINDLE_DATA_DIR: dataDir });
    try {
      expect(svc.output()).toContain('SAFE MODE: pipeline.organizer could not start');
      const status = (await (await fetch(`${svc.url}/api/status`)).json()) as {
        safe_mode: { field: string; problem: string; fix: string; using: unknown }[];
      };
      expect(status.safe_mode).toEqual([
        {
          field: 'pipeline.organizer',
          problem: 'organizer "no-such-organizer": configured in pipeline.organizer, but no installed plugin offers it',
          fix: expect.stringContaining('remove "no-such-organizer" from pipeline.organizer'),
          using: 'library',
        },
      ]);
      // The stored configuration is left as it was, for the person to fix.
      const config = (await (await fetch(`${svc.url}/api/config`)).json()) as { pipeline: { organizer: string } };
      expect(config.pipeline.organizer).toBe('no-such-organizer');
      // Other settings can still be changed while that stage waits for its fix.
      const other = await fetch(`${svc.url}/api/config`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          plugin_settings: { 'identifier-heuristic': { min_episodes: 4 } },
          pipeline: { contributors: [] },
        }),
      });
      expect(other.status, await other.clone().text()).toBe(200);
      const stillSafe = (await (await fetch(`${svc.url}/api/status`)).json()) as { safe_mode: { field: string }[] };
      expect(stillSafe.safe_mode.map((e) => e.field)).toEqual(['pipeline.organizer']);
      // Choosing another organizer that does not exist either is refused, naming the field.
      const worse = await fetch(`${svc.url}/api/config`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pipeline: { organizer: 'also-missing' } }),
      });
      expect(worse.status).toBe(400);
      expect(((await worse.json()) as { error: { message: string } }).error.message).toContain('"pipeline.organizer"');
      const fix = await fetch(`${svc.url}/api/config`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pipeline: { organizer: 'library' } }),
      });
      expect(fix.status).toBe(200);
      const after = (await (await fetch(`${svc.url}/api/status`)).json()) as { safe_mode: unknown[] };
      expect(after.safe_mode).toEqual([]);
    } finally {
      expect((await svc.stop()).code).toBe(0);
    }
    // --reset-pipeline stays as the hard way back.
    await writeConfig(dataDir, { pipeline: { organizer: 'no-such-organizer' } });
    const reset = await spawnService({ SPINDLE_DATA_DIR: dataDir }, ['--reset-pipeline']);
    const status = (await (await fetch(`${reset.url}/api/status`)).json()) as { safe_mode: unknown[] };
    expect(status.safe_mode).toEqual([]);
    expect((await reset.stop()).code).toBe(0);
  });

  it('restarts in place on POST /api/restart, after which nothing waits for a restart any more', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spindle-serve-'));
    const svc = await spawnService({ SPINDLE_DATA_DIR: dataDir });
    try {
      const patch = await fetch(`${svc.url}/api/config`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ max_concurrent_matches: 3 }),
      });
      expect(((await patch.json()) as { restart_required: string[] }).restart_required).toEqual([
        'max_concurrent_matches',
      ]);
      // `spindle config set --local plugins_path …` on the machine, while the service runs.
      const { writeConfig } = await import('./support/service-harness.ts');
      await writeConfig(dataDir, { plugins_path: await mkdtemp(join(tmpdir(), 'spindle-plugins-')) });
      const before = (await (await fetch(`${svc.url}/api/status`)).json()) as { pending_restart: { field: string }[] };
      expect(before.pending_restart.map((p) => p.field)).toEqual(['max_concurrent_matches', 'plugins_path']);
      // A request without the JSON body type or the client header is refused like every state change.
      expect((await fetch(`${svc.url}/api/restart`, { method: 'POST' })).status).toBe(403);
      const restart = await fetch(`${svc.url}/api/restart`, {
        method: 'POST',
        headers: { 'x-spindle-client': 'test' },
      });
      expect(restart.status).toBe(202);
      const url = await waitFor(() => [...svc.output().matchAll(/listening on (http:\/\/[^\s]+)/g)][1]?.[1], 60_000);
      const after = (await (await fetch(`${url}/api/status`)).json()) as { pending_restart: unknown[] };
      expect(after.pending_restart).toEqual([]);
      expect(svc.child.exitCode).toBeNull(); // the same process
    } finally {
      expect((await svc.stop()).code).toBe(0);
    }
  });

  it('with SPINDLE_RESTART=exit, POST /api/restart closes cleanly and exits with code 75 for the supervisor to restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spindle-serve-'));
    const svc = await spawnService({ SPINDLE_DATA_DIR: dataDir, SPINDLE_RESTART: 'exit' });
    const exited = new Promise<number | null>((resolve) => svc.child.once('exit', (code) => resolve(code)));
    const restart = await fetch(`${svc.url}/api/restart`, { method: 'POST', headers: { 'x-spindle-client': 'test' } });
    expect(restart.status).toBe(202);
    expect(await exited).toBe(75);
    expect(svc.output()).toContain('Restart requested: stopping Spindle');
  });
});

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
