/**
 * The settings screen grouped by task, in a real browser the way a person uses it: a setting
 * found through the search box, a number typed, saved, and still there after a reload; turning on
 * "Transcode after ripping" also puts the ffmpeg transcoder into the stages in the same save; no
 * page shows a config key or an API path; the Notifications page's test button against a local
 * Gotify stand-in says "sent", then "failed" when the stand-in refuses the token.
 */
import { startRecordingServer, type RecordingHttpServer } from '@spindle/plugin-sdk/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  closeBrowserSession,
  openPage,
  screenshots,
  startBrowserSession,
  type BrowserSession,
} from './support/browser.ts';
import { settingsSections } from './support/settings-sections.ts';

vi.setConfig({ testTimeout: 150_000 });

const GOTIFY_TOKEN = 'AgotifyAppToken.x9';

let session: BrowserSession;
let gotify: RecordingHttpServer;

beforeAll(async () => {
  gotify = await startRecordingServer();
  session = await startBrowserSession({
    pipeline: { detectors: [], providers: { notifier: ['gotify', 'webhook'] } },
    plugin_settings: { 'notifier-webhook': { gotify_url: `${gotify.url}/`, gotify_token: GOTIFY_TOKEN } },
  });
});

afterAll(async () => {
  await closeBrowserSession(session);
  await gotify?.close();
});

/** What a person reads on the page: the visible text, the options of every list and every label. */
async function visibleWords(page: Page): Promise<string> {
  return (await page.evaluate(`(() => {
    const main = document.querySelector('main');
    const options = [...main.querySelectorAll('option')].map((o) => o.textContent);
    const toasts = [...document.querySelectorAll('[role="status"], [role="alert"]')].map((t) => t.textContent);
    return [main.innerText, ...options, ...toasts].join('\\n');
  })()`)) as string;
}

/** Names of programs a person installs, which are spelled with underscores. */
const PROGRAM_NAMES = new Set(['pocketsphinx_continuous', 'pocketsphinx_batch']);

/** Raw names: snake_case keys, API paths, JSON paths of the config, "null". */
function developerWords(text: string): string[] {
  return [
    ...text.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b|\/api\/[a-z/-]*|plugin_settings|pipeline\.[a-z]+|\bnull\b/g),
  ]
    .map((m) => m[0])
    .filter((w) => !PROGRAM_NAMES.has(w));
}

describe('settings grouped by task', () => {
  it('finds a setting by searching, takes a typed number, and shows it again after a reload', async () => {
    const { page, errors, close } = await openPage(session.browser, session.svc.url);
    try {
      await page.goto('/settings');
      await page.getByRole('heading', { name: 'Folders', level: 2 }).waitFor();
      // Only the chosen section is on the page: no cleanup setting under Folders.
      expect(await page.getByLabel('Days to keep staging files').count()).toBe(0);

      await page.getByLabel('Search settings').pressSequentially('days to keep');
      const results = page.getByTestId('settings-section');
      await expect
        .poll(() => results.evaluateAll((els) => els.map((e) => e.getAttribute('data-section'))))
        .toEqual(['after-job']);
      expect(await page.getByLabel('Staging folder', { exact: true }).count()).toBe(0);
      const days = page.getByLabel('Days to keep staging files');
      await days.click();
      await days.press('Control+A');
      await days.pressSequentially('14');
      await page.getByRole('button', { name: 'Save after a job' }).click();
      await page.getByTestId('settings-group-after-job').getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      expect((await session.api.get('/api/config')).body.staging_cleanup_days).toBe(14);

      // A plugin's setting is found the same way, under the step it serves.
      await page.getByLabel('Search settings').fill('');
      await page.getByLabel('Search settings').pressSequentially('short episode');
      await expect
        .poll(() => results.evaluateAll((els) => els.map((e) => e.getAttribute('data-section'))))
        .toEqual(['identification']);
      // A notification target found by its name shows all its settings.
      await page.getByLabel('Search settings').fill('');
      await page.getByLabel('Search settings').pressSequentially('gotify');
      await expect
        .poll(() => results.evaluateAll((els) => els.map((e) => e.getAttribute('data-section'))))
        .toEqual(['notifications']);
      await page
        .locator('[data-notifier="gotify"]')
        .getByLabel('Priority (0–10; failures are sent at 8 or more)')
        .waitFor();
      await page
        .locator('[data-notifier="gotify"]')
        .getByLabel(/^Server address/)
        .waitFor();
      expect(await page.locator('[data-testid="notify-target"]').count()).toBe(1);
      await page.getByLabel('Search settings').fill('no such setting at all');
      await page.getByTestId('no-match').waitFor();

      await page.reload();
      await page.getByRole('link', { name: 'After a job' }).click();
      await page.waitForURL(/\/settings\/after-job$/);
      await expect(page.getByLabel('Days to keep staging files').inputValue()).resolves.toBe('14');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('turning on transcoding adds the ffmpeg transcoder to the stages in the same save', async () => {
    const { page, errors, close } = await openPage(session.browser, session.svc.url);
    const patches: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith('/api/config')) patches.push(request.postDataJSON());
    });
    try {
      expect((await session.api.get('/api/config')).body.pipeline.providers.transcoder ?? []).toEqual([]);
      await page.goto('/settings/tools');
      await page.getByLabel('Transcode after ripping').check();
      await page.getByRole('button', { name: 'Save tools' }).click();
      await page.getByTestId('settings-group-tools').getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      expect(patches).toHaveLength(1);
      expect(patches[0]).toMatchObject({
        transcoding_enabled: true,
        pipeline: { providers: { transcoder: ['ffmpeg'] } },
      });
      const config = (await session.api.get('/api/config')).body;
      expect(config.transcoding_enabled).toBe(true);
      expect(config.pipeline.providers.transcoder).toEqual(['ffmpeg']);
      // The other stages are as they were.
      expect(config.pipeline.providers.notifier).toEqual(['gotify', 'webhook']);
      await expect(
        page.locator('.toast, [role="status"]').filter({ hasText: 'ffmpeg transcoder' }).first().textContent(),
      ).resolves.toMatch(/Transcoding is on/);
      await page.reload();
      expect(await page.getByLabel('Transcode after ripping').isChecked()).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows no config key, API path or "null" on any settings page', async () => {
    const { page, errors, close } = await openPage(session.browser, session.svc.url);
    try {
      const found: Record<string, string[]> = {};
      for (const section of await settingsSections()) {
        await page.goto(`/settings/${section}`);
        await page.locator(`[data-section="${section}"] h2`).waitFor();
        // Unfold every plugin's settings (not the folded shell commands for the machine).
        for (const summary of await page.locator('summary', { hasText: /^Settings$/ }).all()) await summary.click();
        const words = developerWords(await visibleWords(page));
        if (words.length) found[section] = words;
        if (section === 'notifications' || section === 'folders') await screenshots(page, `settings-${section}`);
      }
      // The search results too, and the messages of a failed save.
      await page.goto('/settings/folders');
      await page.getByLabel('Staging folder', { exact: true }).fill('/definitely/not/here');
      await page.getByRole('button', { name: 'Save folders' }).click();
      await expect(
        page.locator('[data-field="staging_path"]').getByTestId('field-error').textContent(),
      ).resolves.toMatch(/“Staging folder”.*does not exist/);
      found['failed save'] = developerWords(await visibleWords(page));
      await page.getByLabel('Search settings').pressSequentially('token');
      await page.getByTestId('settings-section').first().waitFor();
      found.search = developerWords(await visibleWords(page));
      expect(Object.fromEntries(Object.entries(found).filter(([, w]) => w.length))).toEqual({});
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('Notifications page', () => {
  it('lists the targets and tests one: sent to the Gotify stand-in, then failed when it refuses the token', async () => {
    const { page, errors, close } = await openPage(session.browser, session.svc.url);
    try {
      await page.goto('/settings');
      await page
        .getByRole('navigation', { name: 'Settings sections' })
        .getByRole('link', { name: 'Notifications' })
        .click();
      await page.waitForURL(/\/settings\/notifications$/);
      const targets = page.getByTestId('notify-target');
      await expect
        .poll(() => targets.evaluateAll((els) => els.map((e) => e.getAttribute('data-notifier'))))
        .toEqual(['webhook', 'ntfy', 'discord', 'gotify', 'apprise']);
      const target = page.locator('[data-testid="notify-target"][data-notifier="gotify"]');
      await expect(target.getByTestId('target-state').textContent()).resolves.toBe('Set up');
      // The token is never on the page.
      expect(await target.getByLabel('Application token (Apps → create an application)').inputValue()).toBe('');
      expect(await page.content()).not.toContain(GOTIFY_TOKEN);

      await target.getByRole('button', { name: 'Send test' }).click();
      // The result replaces "Sending…" once the stand-in answered: wait for it rather than read it once.
      await expect
        .poll(() => target.getByTestId('test-result').textContent())
        .toMatch(new RegExp(`^\\s*Sent to ${new URL(gotify.url).host}\\.\\s*$`));
      expect(gotify.requests).toHaveLength(1);
      expect(gotify.requests[0]).toMatchObject({ method: 'POST', url: `/message?token=${GOTIFY_TOKEN}` });
      expect(gotify.requests[0]!.json()).toMatchObject({ title: 'Spindle: test notification', priority: 5 });

      gotify.replySequence([401]);
      await target.getByRole('button', { name: 'Send test' }).click();
      await expect
        .poll(() => target.getByTestId('test-result').textContent())
        .toMatch(
          /Failed: Gotify at .* refused the request: HTTP 401 \(the application token is wrong or was deleted\)/,
        );
      expect(gotify.requests).toHaveLength(2);

      // A target without a destination says so.
      const ntfy = page.locator('[data-testid="notify-target"][data-notifier="ntfy"]');
      await expect(ntfy.getByTestId('target-state').textContent()).resolves.toBe('Not set up');
      await ntfy.getByRole('button', { name: 'Send test' }).click();
      await expect.poll(() => ntfy.getByTestId('test-result').textContent()).toMatch(/Not (set up|active yet)/);

      // Saving a target's number keeps the token and turns the target on.
      const priority = target.getByLabel('Priority (0–10; failures are sent at 8 or more)');
      await priority.click();
      await priority.press('Control+A');
      await priority.pressSequentially('7');
      await target.getByRole('button', { name: 'Save Gotify' }).click();
      await target.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      const stored = session.svc.service.config.get().plugin_settings['notifier-webhook']!;
      expect(stored).toMatchObject({ gotify_priority: 7, gotify_token: GOTIFY_TOKEN, gotify_url: `${gotify.url}/` });
      // Saving a target that is not in use yet turns it on in the same save.
      const apprise = page.locator('[data-testid="notify-target"][data-notifier="apprise"]');
      await apprise
        .getByLabel('API server address, e.g. http://192.168.1.10:8000 (empty: off)')
        .pressSequentially(gotify.url);
      await apprise.getByLabel(/^Key of a configuration stored on the server/).pressSequentially('apprise-key-7');
      await apprise.getByRole('button', { name: 'Save Apprise API' }).click();
      await apprise.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      const after = session.svc.service.config.get();
      expect(after.pipeline.providers.notifier).toEqual(['gotify', 'webhook', 'apprise']);
      expect(after.plugin_settings['notifier-webhook']).toMatchObject({
        apprise_url: gotify.url,
        apprise_key: 'apprise-key-7',
        gotify_token: GOTIFY_TOKEN,
      });
      await expect(apprise.getByTestId('target-state').textContent()).resolves.toBe('Set up');
      expect(await page.content()).not.toContain('apprise-key-7');

      await page.reload();
      await expect(
        page
          .locator('[data-notifier="gotify"]')
          .getByLabel('Priority (0–10; failures are sent at 8 or more)')
          .inputValue(),
      ).resolves.toBe('7');
      expect(await page.content()).not.toContain(GOTIFY_TOKEN);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
