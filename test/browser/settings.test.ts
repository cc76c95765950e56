/**
 * Settings and the first-run wizard in a real browser: saving, the API's validation message
 * shown at the field, secrets that are never displayed, plugin settings from JSON Schema, and a
 * fresh install walked through the wizard.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startTmdbServer } from '../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import { apiClient } from '../support/http-client.ts';
import { startTestService } from '../support/service-harness.ts';
import { libraryFolders, openPage, screenshots } from './support/browser.ts';
import { api, browser, svc, useBrowserSession } from './support/session.ts';
import { settingsSections } from './support/settings-sections.ts';

const CATALOG_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.catalog-token-that-must-never-show';
const NEW_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.a-newer-token-also-hidden';
const RIPPER_KEY = `T-${'secretbetakey0123456789'.repeat(3)}`;

// A browser, a service and a simulated rip per test: allow for a busy machine.
vi.setConfig({ testTimeout: 60_000 });

useBrowserSession({ config: { catalog_api_key: CATALOG_TOKEN } });

describe('settings', () => {
  it('saves fields, shows the API validation error at a bad path, and never displays a secret', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    const bodies: string[] = [];
    page.on('response', async (response) => {
      if (response.url().includes('/api/config')) bodies.push(await response.text().catch(() => ''));
    });
    try {
      // Every field of the config is in one of the sections.
      const config = (await api.get('/api/config')).body as Record<string, unknown>;
      const seen = new Set<string>();
      for (const section of (await settingsSections()).filter((id) => id !== 'notifications')) {
        await page.goto(`/settings/${section}`);
        await page.locator(`[data-section="${section}"] h2`).waitFor();
        for (const field of await page
          .locator('[data-field]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-field')!)))
          seen.add(field);
      }
      for (const field of Object.keys(config)) {
        if (['pipeline', 'plugin_settings', 'read_only'].includes(field)) continue; // read_only lists settings, it is not one
        expect(seen.has(field), field).toBe(true);
      }
      await expect(page.getByTestId('pipeline-table').textContent()).resolves.toMatch(
        /Identifiers.*heuristic.*Duration heuristic.*loaded/s,
      );

      await page.goto('/settings/identification');
      const token = page.getByLabel('TMDB Read Access Token');
      await token.waitFor();

      // The secret: not in the DOM, not in an input, only "Saved (hidden)".
      expect(await token.inputValue()).toBe('');
      expect(await token.getAttribute('type')).toBe('password');
      const tokenField = page.locator('[data-field="catalog_api_key"]');
      await expect(tokenField.getByTestId('secret-state').textContent()).resolves.toBe('Saved (hidden)');
      expect(await page.content()).not.toContain(CATALOG_TOKEN);
      expect(await page.content()).not.toContain('***');
      await screenshots(page, 'settings');

      // A path that does not exist: the API's 400 message appears at the field, nothing is saved.
      await page.goto('/settings/folders');
      const paths = page.getByTestId('settings-group-folders');
      const staging = page.getByLabel('Staging folder', { exact: true });
      const before = await staging.inputValue();
      await staging.fill('/definitely/not/here');
      await paths.getByRole('button', { name: 'Save folders' }).click();
      const error = page.locator('[data-field="staging_path"]').getByTestId('field-error');
      await expect(error.textContent()).resolves.toMatch(/“Staging folder”.*does not exist: \/definitely\/not\/here/);
      expect(await staging.getAttribute('aria-invalid')).toBe('true');
      expect(await page.evaluate('document.activeElement?.id')).toBe('cfg-staging_path');
      expect((await api.get('/api/config')).body.staging_path).toBe(before);
      await screenshots(page, 'settings-validation-error');

      // A good path saves.
      const good = await mkdtemp(join(tmpdir(), 'spindle-staging-'));
      await staging.fill(good);
      await paths.getByRole('button', { name: 'Save folders' }).click();
      await paths.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      expect((await api.get('/api/config')).body.staging_path).toBe(good);
      await expect(error.count()).resolves.toBe(0);

      // Other sections: a number and an enum, then a new secret typed into a write-only field.
      await page.getByRole('link', { name: 'Matching' }).click();
      const matching = page.getByTestId('settings-group-matching');
      await page.getByLabel('Accept matches from (confidence)').fill('0.85');
      await matching.getByRole('button', { name: /^Save/ }).click();
      await matching.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      await page.getByRole('link', { name: 'Identification' }).click();
      await token.fill(NEW_TOKEN);
      await page.getByTestId('settings-group-identification').getByRole('button', { name: /^Save/ }).click();
      await page
        .getByTestId('settings-group-identification')
        .getByRole('status')
        .filter({ hasText: 'Saved' })
        .waitFor();
      await page.getByRole('link', { name: 'Library', exact: true }).click();
      await page.getByLabel('When the file already exists').selectOption('ask');
      await page.getByTestId('settings-group-library').getByRole('button', { name: /^Save/ }).click();
      await page.getByTestId('settings-group-library').getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      const saved = (await api.get('/api/config')).body;
      expect(saved).toMatchObject({
        match_auto_accept_threshold: 0.85,
        catalog_api_key: '***',
        conflict_resolution_default: 'ask',
      });
      await page.getByRole('link', { name: 'Identification' }).click();
      expect(await token.inputValue()).toBe('');
      expect(await page.content()).not.toContain(NEW_TOKEN);

      // A ripper key that is not one: the API says why, at the field.
      await page.getByRole('link', { name: 'Tools' }).click();
      const tools = page.getByTestId('settings-group-tools');
      await page.getByLabel('MakeMKV registration key').fill('not-a-key');
      await tools.getByRole('button', { name: 'Save tools' }).click();
      await expect(
        page.locator('[data-field="ripper_key"]').getByTestId('field-error').textContent(),
      ).resolves.toContain('MakeMKV key');
      await page.getByLabel('MakeMKV registration key').fill(RIPPER_KEY);
      await tools.getByRole('button', { name: 'Save tools' }).click();
      await tools.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      await expect(page.locator('[data-field="ripper_key"]').getByTestId('secret-state').textContent()).resolves.toBe(
        'Saved (hidden)',
      );

      // Tool buttons answer in place.
      await tools.getByRole('button', { name: 'Check ffmpeg' }).click();
      await expect(page.getByTestId('validate-media_tool').textContent()).resolves.toMatch(/ffmpeg: works/);
      await tools.getByRole('button', { name: 'Detect tools' }).click();
      await expect(page.getByTestId('detected-tools').textContent()).resolves.toMatch(/ffmpeg:.*\/ffmpeg/s);

      // A plugin's settings form, rendered from its JSON Schema, under the step it serves.
      await page.getByRole('link', { name: 'Identification' }).click();
      const heuristic = page.locator('[data-testid="plugin-card"][data-plugin="identifier-heuristic"]');
      await heuristic.locator('summary', { hasText: /^Settings$/ }).click();
      await heuristic.getByLabel('Titles of similar length needed to call a disc TV', { exact: true }).fill('4');
      await heuristic.getByRole('button', { name: /^Save/ }).click();
      await heuristic.getByRole('status').or(heuristic.getByRole('alert')).waitFor();
      expect(
        await heuristic.getByRole('alert').count(),
        (await heuristic.getByRole('alert').allTextContents()).join(),
      ).toBe(0);
      expect((await api.get('/api/config')).body.plugin_settings).toMatchObject({
        'identifier-heuristic': { min_episodes: 4 },
      });

      for (const body of bodies) {
        for (const secret of [CATALOG_TOKEN, NEW_TOKEN, RIPPER_KEY]) expect(body).not.toContain(secret);
      }
      expect(await page.content()).not.toContain(RIPPER_KEY);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('first-run wizard', () => {
  it('opens on a fresh install and walks through paths, tools, catalog token and the contribution choice', async () => {
    // The last step asks TMDB whether the token works: a local stand-in that accepts this one.
    const tmdb = await startTmdbServer({ token: CATALOG_TOKEN });
    const fresh = await startTestService({
      env: { DEBUG: 'true' },
      config: { plugin_settings: { 'provider-tmdb': { base_url: tmdb.url, max_retries: 0 } } },
    });
    const { page, errors, close } = await openPage(browser, fresh.url);
    const client = apiClient(fresh.url);
    try {
      await page.goto('/');
      await page.waitForURL(/\/setup$/);
      const wizard = page.getByTestId('wizard');
      await wizard.and(page.locator('[data-step="0"]')).waitFor();
      await screenshots(page, 'wizard-folders');

      // Staging is required; a missing folder is refused by the API with its message.
      await wizard.getByRole('button', { name: 'Save and continue' }).click();
      await expect(wizard.getByTestId('field-error').textContent()).resolves.toContain('Choose a staging folder');
      const folders = await libraryFolders();
      await page.getByLabel('Staging folder', { exact: true }).fill(folders.staging_path);
      await page.getByLabel('Movies library folder').fill('/no/such/movies');
      await wizard.getByRole('button', { name: 'Save and continue' }).click();
      await expect(
        page.locator('[data-field="library_movies_path"]').getByTestId('field-error').textContent(),
      ).resolves.toContain('does not exist');
      await page.getByLabel('Movies library folder').fill(folders.library_movies_path);
      await page.getByLabel('TV library folder').fill(folders.library_tv_path);
      await wizard.getByRole('button', { name: 'Save and continue' }).click();

      await wizard.and(page.locator('[data-step="1"]')).waitFor();
      await wizard.getByRole('button', { name: 'Detect tools' }).click();
      await wizard.getByTestId('detected-tools').waitFor();
      await wizard.getByRole('button', { name: 'Check ffmpeg' }).click();
      await expect(wizard.getByTestId('validate-media_tool').textContent()).resolves.toContain('works');
      await screenshots(page, 'wizard-tools');
      await wizard.getByRole('button', { name: 'Save and continue' }).click();

      await wizard.and(page.locator('[data-step="2"]')).waitFor();
      await page.getByLabel('TMDB Read Access Token').fill(CATALOG_TOKEN);
      await wizard.getByRole('button', { name: 'Save and continue' }).click();

      await wizard.and(page.locator('[data-step="3"]')).waitFor();
      await expect(wizard.getByTestId('disclosure-text').textContent()).resolves.toMatch(
        /never sent.*File names or file paths.*Subtitles or transcripts.*Hashes of your files/s,
      );
      await screenshots(page, 'wizard-contributions');
      await wizard.getByRole('button', { name: 'Finish' }).click();
      await expect(wizard.getByRole('alert').textContent()).resolves.toContain('Choose whether to contribute');
      await page.getByLabel('Yes, share fingerprints as described').check();
      await wizard.getByRole('button', { name: 'Finish' }).click();
      await wizard.and(page.locator('[data-step="4"]')).waitFor();

      expect((await client.get('/api/config')).body).toMatchObject({
        ...folders,
        catalog_api_key: '***',
        fingerprint_disclosure_accepted: true,
        enable_fingerprint_contributions: true,
      });
      expect(await page.content()).not.toContain(CATALOG_TOKEN);
      // The last step checks that a disc could go through; the token works, and MakeMKV decides.
      const readiness = page.getByTestId('setup-readiness');
      await readiness.getByTestId('check-catalog').and(page.locator('[data-state="ok"]')).waitFor({ timeout: 30_000 });
      if ((await readiness.getByTestId('check-ripper').getAttribute('data-state')) === 'ok')
        await page.getByRole('link', { name: 'Go to the dashboard' }).click();
      else await readiness.getByRole('button', { name: 'Continue anyway' }).click();
      await page.getByTestId('no-jobs').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
      await fresh.close();
      await tmdb.close();
    }
  });
});
