/**
 * The setup wizard's last step in a real browser refuses "All set" when a disc could not go through:
 * the TV library is a folder Spindle cannot write into (a read-only mount as root, mode 0555
 * otherwise) and MakeMKV is not installed on this machine. The step lists both with where to fix
 * them, the writable folders and ffmpeg as OK, and "Continue anyway" leads to the dashboard.
 */
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findTool } from '../../core/src/tools/tool-locations.ts';
import {
  SAMPLE_TOKEN,
  startTmdbServer,
  type TmdbServer,
} from '../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import { startTestService, type TestService } from '../support/service-harness.ts';
import { makeUnwritable, type Unwritable } from '../support/unwritable-folder.ts';
import { ensureUiBuilt, launchBrowser, openPage, screenshots } from './support/browser.ts';

vi.setConfig({ testTimeout: 90_000 });

let root: string;
let svc: TestService;
let browser: Browser;
let tmdb: TmdbServer;
let tv: Unwritable;

beforeAll(async () => {
  ensureUiBuilt();
  root = await mkdtemp(join(tmpdir(), 'spindle-readiness-'));
  tv = await makeUnwritable(join(root, 'TV'));
  tmdb = await startTmdbServer();
  [svc, browser] = await Promise.all([
    startTestService({
      env: { DEBUG: 'true' },
      config: { plugin_settings: { 'provider-tmdb': { base_url: tmdb.url, max_retries: 0 } } },
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await svc?.close();
  await tmdb?.close();
  if (tv?.ok) await tv.undo();
  await rm(root, { recursive: true, force: true });
});

describe('setup wizard: does a disc go through?', () => {
  it('refuses "All set" with an unwritable library and MakeMKV missing, says how to fix both, and lets you continue anyway', async (ctx) => {
    if (!tv.ok) return ctx.skip(tv.why);
    const makemkv = await findTool('ripper');
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/');
      await page.waitForURL(/\/setup$/);
      const wizard = page.getByTestId('wizard');
      const staging = join(root, 'staging');
      const movies = join(root, 'Movies');
      await mkdir(staging);
      await mkdir(movies);
      await page.getByLabel('Staging folder', { exact: true }).fill(staging);
      await page.getByLabel('Movies library folder').fill(movies);
      await page.getByLabel('TV library folder').fill(join(root, 'TV'));
      await wizard.getByRole('button', { name: 'Save and continue' }).click();
      await wizard.and(page.locator('[data-step="1"]')).waitFor();
      await wizard.getByRole('button', { name: 'Save and continue' }).click();
      await wizard.and(page.locator('[data-step="2"]')).waitFor();
      await page.getByLabel('TMDB Read Access Token').fill(SAMPLE_TOKEN);
      await wizard.getByRole('button', { name: 'Save and continue' }).click();
      await wizard.and(page.locator('[data-step="3"]')).waitFor();
      await page.getByLabel("No, don't upload anything").check();
      await wizard.getByRole('button', { name: 'Finish' }).click();
      await wizard.and(page.locator('[data-step="4"]')).waitFor();

      const readiness = page.getByTestId('setup-readiness');
      await readiness.getByTestId('setup-not-ready').waitFor({ timeout: 60_000 });
      await screenshots(page, 'wizard-not-ready');
      expect(await readiness.textContent()).not.toContain('All set');
      expect(await page.getByTestId('setup-ready').count()).toBe(0);

      const tvRow = readiness.getByTestId('check-library_tv');
      expect(await tvRow.getAttribute('data-state')).toBe('problem');
      expect(await tvRow.textContent()).toMatch(/not allowed to write there|read-only file system/);
      expect(await tvRow.textContent()).toContain('write access');
      for (const ok of ['staging', 'library_movies', 'media_tool', 'catalog']) {
        expect(await readiness.getByTestId(`check-${ok}`).getAttribute('data-state'), ok).toBe('ok');
      }
      expect(await readiness.getByTestId('check-catalog').textContent()).toContain('the key works');
      expect(tmdb.requests.some((r) => r.authorization === `Bearer ${SAMPLE_TOKEN}`)).toBe(true);
      const ripper = readiness.getByTestId('check-ripper');
      if (makemkv === null) {
        expect(await ripper.getAttribute('data-state')).toBe('missing');
        expect(await ripper.textContent()).toMatch(/not found on this machine.*install MakeMKV/s);
      }

      // The test writes left nothing behind.
      expect(await readdir(staging)).toEqual([]);
      expect(await readdir(movies)).toEqual([]);

      await readiness.getByRole('button', { name: 'Continue anyway' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('no-jobs').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
