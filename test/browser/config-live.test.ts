/**
 * Configuration writes from the UI in a real browser: a save sends a JSON Merge Patch of only what
 * changed (so a change another client made meanwhile survives), pipeline changes apply without a
 * restart; the app shell's banners show safe mode and pending restarts, and the restart button
 * restarts a real `spindle serve` process.
 */
import { mkdtemp } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '../support/http-client.ts';
import { writeConfig } from '../support/service-harness.ts';
import { spawnService } from '../support/service-process.ts';
import { ensureUiBuilt, libraryFolders, openPage, screenshots } from './support/browser.ts';
import { api, browser, svc, useBrowserSession } from './support/session.ts';

vi.setConfig({ testTimeout: 120_000 });

useBrowserSession();

const patches = (requests: Request[]) =>
  requests
    .filter((r) => r.url().endsWith('/api/config') && r.method() !== 'GET')
    .map((r) => ({ method: r.method(), body: r.postDataJSON() as Record<string, any> }));

describe('saving from the UI', () => {
  it('sends only what changed, so a change made elsewhere meanwhile is kept', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    try {
      await page.goto('/settings/identification'); // the heuristic identifier's settings sit under Identification
      const heuristic = page.locator('[data-testid="plugin-card"][data-plugin="identifier-heuristic"]');
      await heuristic.waitFor();
      // Another client changes another plugin's setting after the page loaded the configuration.
      expect(
        (await api.patch('/api/config', { plugin_settings: { 'matcher-movie-runtime': { feature_min_minutes: 3 } } }))
          .status,
      ).toBe(200);
      await heuristic.locator('summary').click();
      await heuristic.getByLabel('Titles of similar length needed to call a disc TV', { exact: true }).fill('4');
      await heuristic.getByRole('button', { name: /^Save/ }).click();
      await heuristic.getByRole('status').or(heuristic.getByRole('alert')).waitFor();
      const sent = patches(requests);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.method).toBe('PATCH');
      expect(Object.keys(sent[0]!.body)).toEqual(['plugin_settings']);
      expect(Object.keys(sent[0]!.body.plugin_settings)).toEqual(['identifier-heuristic']);
      expect(sent[0]!.body.plugin_settings['identifier-heuristic'].min_episodes).toBe(4);
      const stored = (await api.get('/api/config')).body.plugin_settings;
      expect(stored['matcher-movie-runtime']).toEqual({ feature_min_minutes: 3 });
      expect(stored['identifier-heuristic'].min_episodes).toBe(4);

      // The stage table: unticking one notifier sends that provider kind only, and needs no restart.
      const before = (await api.get('/api/config')).body.pipeline;
      await page.goto('/settings/advanced'); // the stage table sits under Settings → Advanced
      const row = page.getByTestId('pipeline-table').locator('tr', { hasText: 'Provider: notifier' });
      await row.getByLabel('ntfy').uncheck();
      await page.getByRole('button', { name: 'Save stages' }).click();
      await page.getByText('Saved. The next job uses it.').waitFor();
      const stages = patches(requests).at(-1)!;
      expect(stages.body).toEqual({
        pipeline: { providers: { notifier: before.providers.notifier.filter((id: string) => id !== 'ntfy') } },
      });
      const after = (await api.get('/api/config')).body.pipeline;
      expect(after).toEqual({
        ...before,
        providers: { ...before.providers, notifier: before.providers.notifier.filter((id: string) => id !== 'ntfy') },
      });
      expect(((await api.get('/api/status')).body.pending_restart as unknown[]).length).toBe(0);
      await expect(page.getByTestId('restart-banner').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('banners and the restart button, against a real process', () => {
  it('shows safe mode and a pending restart; the button restarts Spindle and the banner goes away', async () => {
    ensureUiBuilt();
    const dataDir = await mkdtemp(join(tmpdir(), 'spindle-ui-restart-'));
    // A stored pipeline naming an organizer no installed plugin offers (uninstalled while stopped).
    await writeConfig(dataDir, { ...(await libraryFolders()), pipeline: { organizer: 'gone-organizer' } });
    // A fixed port, as in a real installation: the page reconnects to the same address after the restart.
    const service = await spawnService({ SPINDLE_DATA_DIR: dataDir, PORT: String(await freePort()) }, [], 60_000);
    const { page, errors, close } = await openPage(browser, service.url);
    try {
      await page.goto('/');
      const safe = page.getByTestId('safe-mode-banner');
      await safe.waitFor();
      await expect(safe.textContent()).resolves.toMatch(
        /Safe mode.*pipeline\.organizer.*gone-organizer.*Running library instead/s,
      );

      const remote = apiClient(service.url);
      expect((await remote.patch('/api/config', { max_concurrent_matches: 3 })).status).toBe(200);
      await page.reload();
      const banner = page.getByTestId('restart-banner');
      await banner.waitFor();
      await expect(banner.textContent()).resolves.toContain('max_concurrent_matches');
      await screenshots(page, 'restart-banner');
      await page.getByTestId('restart-button').click();
      // The page reloads once the new start answers; the change took effect, so nothing is pending.
      await page.waitForEvent('load', { timeout: 90_000 });
      await page.getByTestId('safe-mode-banner').waitFor({ timeout: 60_000 });
      await expect(page.getByTestId('restart-banner').count()).resolves.toBe(0);
      const url = [...service.output().matchAll(/listening on (http:\/\/[^\s]+)/g)].map((m) => m[1]!);
      expect(url).toHaveLength(2);
      expect(url[1]).toBe(url[0]);

      // Fixing the organizer through the API ends safe mode at once; the banner goes with it on reload.
      expect((await remote.patch('/api/config', { pipeline: { organizer: 'library' } })).status).toBe(200);
      await page.reload();
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      await expect(page.getByTestId('safe-mode-banner').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
      expect((await service.stop()).code).toBe(0);
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
