/**
 * The settings screen and the config rules of issue 16 in a real browser: server-level settings
 * (tool paths, the plugin folder, a plugin's executable) are shown read-only with the variable and
 * the command that set them on the machine; changing where a secret is sent (a media server URL,
 * typed into the plugin form) tells the person which secret was cleared.
 */
import { describe, expect, it, vi } from 'vitest';
import { openPage, screenshots } from './support/browser.ts';
import { api, browser, svc, useBrowserSession } from './support/session.ts';

vi.setConfig({ testTimeout: 60_000 });

const JF_KEY = 'jf-key-shown-nowhere-4411';

useBrowserSession({
  config: {
    plugin_settings: {
      'refresher-media-server': { jellyfin_url: 'http://jellyfin.lan:8096', jellyfin_api_key: JF_KEY },
      'transcriber-pocketsphinx': { binary: '/usr/bin/pocketsphinx_continuous' },
    },
  },
});

describe('settings and server-level settings', () => {
  it('shows tool paths and plugin executables read-only, with how to set them on the machine', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/settings/tools');
      const ripper = page.getByLabel('MakeMKV (makemkvcon) path');
      await ripper.waitFor();
      expect(await ripper.getAttribute('readonly')).not.toBeNull();
      const ripperField = page.locator('[data-field="ripper_path"]');
      await expect(ripperField.getByTestId('set-on-machine').textContent()).resolves.toMatch(
        /RIPPER_PATH=….*spindle config set --local ripper_path \/usr\/bin\/makemkvcon/s,
      );
      // Typing into it changes nothing: the field is read-only and nothing is sent.
      await ripper.click();
      await page.keyboard.type('/tmp/evil');
      expect(await ripper.inputValue()).toBe('');
      await page.getByRole('link', { name: 'Advanced' }).click();
      expect(await page.getByLabel('Extra plugin folder').getAttribute('readonly')).not.toBeNull();
      await expect(
        page.locator('[data-field="plugins_path"]').getByTestId('set-on-machine').textContent(),
      ).resolves.toContain('SPINDLE_PLUGINS_DIR=…');

      await page.getByRole('link', { name: 'Matching' }).click();
      const sphinx = page.locator('[data-testid="plugin-card"][data-plugin="transcriber-pocketsphinx"]');
      await sphinx.locator('summary', { hasText: /^Settings$/ }).click();
      const binary = sphinx.getByLabel('pocketsphinx_continuous executable');
      expect(await binary.inputValue()).toBe('/usr/bin/pocketsphinx_continuous');
      expect(await binary.getAttribute('readonly')).not.toBeNull();
      // Both of its executables are set on the machine only: each field says how.
      const notes = sphinx.getByTestId('set-on-machine');
      await expect.poll(() => notes.count()).toBe(2);
      await expect(notes.filter({ hasText: 'transcriber-pocketsphinx.binary' }).textContent()).resolves.toContain(
        'spindle config set --local plugin_settings.transcriber-pocketsphinx.binary',
      );
      expect(await sphinx.getByLabel(/^pocketsphinx_batch executable/).getAttribute('readonly')).not.toBeNull();
      // Saving the plugin's other settings keeps the executable as it is.
      await sphinx.getByLabel('Timeout seconds', { exact: true }).fill('120');
      await sphinx.getByRole('button', { name: /^Save/ }).click();
      await sphinx.getByRole('status').or(sphinx.getByRole('alert')).waitFor();
      expect(await sphinx.getByRole('alert').count(), (await sphinx.getByRole('alert').allTextContents()).join()).toBe(
        0,
      );
      expect((await api.get('/api/config')).body.plugin_settings['transcriber-pocketsphinx']).toEqual({
        binary: '/usr/bin/pocketsphinx_continuous',
        timeout_seconds: 120,
      });
      await screenshots(page, 'settings-server-level');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('says which secret was cleared when the URL it is sent to changes', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/settings/after-job');
      const card = page.locator('[data-testid="plugin-card"][data-plugin="refresher-media-server"]');
      await card.locator('summary', { hasText: /^Settings$/ }).click();
      const url = card.getByLabel('Jellyfin: server URL, e.g. http://192.168.1.10:8096 (empty: off)');
      expect(await url.inputValue()).toBe('http://jellyfin.lan:8096');
      await url.fill('http://other-host.example:8096');
      await card.getByRole('button', { name: /^Save/ }).click();
      const status = card.getByRole('status');
      await expect(status.textContent()).resolves.toMatch(
        /Cleared because the address they are sent to changed — enter again: Jellyfin: API key \(Dashboard → API Keys\)/,
      );
      const config = (await api.get('/api/config')).body;
      expect(config.plugin_settings['refresher-media-server']).toEqual({
        jellyfin_url: 'http://other-host.example:8096',
      });
      expect(svc.service.config.get().plugin_settings['refresher-media-server']).not.toHaveProperty('jellyfin_api_key');
      expect(await page.content()).not.toContain(JF_KEY);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
