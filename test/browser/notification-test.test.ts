/**
 * The Notifications settings page's "Send test" in a real browser: each target tests on its own
 * and shows its outcome (sent to the webhook, recorded by a local server; Discord not set up),
 * and the webhook's secret path never reaches the page.
 */
import { startRecordingServer, type RecordingHttpServer } from '@spindle/plugin-sdk/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestService, type TestService } from '../support/service-harness.ts';
import { ensureUiBuilt, launchBrowser, libraryFolders, openPage } from './support/browser.ts';

vi.setConfig({ testTimeout: 60_000 });

let svc: TestService;
let browser: Browser;
let hook: RecordingHttpServer;

beforeAll(async () => {
  ensureUiBuilt();
  hook = await startRecordingServer();
  [svc, browser] = await Promise.all([
    libraryFolders().then((paths) =>
      startTestService({
        config: {
          ...paths,
          pipeline: { detectors: [], providers: { notifier: ['webhook', 'discord'] } },
          plugin_settings: { 'notifier-webhook': { webhook_url: `${hook.url}/hook/secret-path` } },
        },
      }),
    ),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await svc?.close();
  await hook?.close();
});

describe('settings: notifications', () => {
  it('sends a test notification per target and shows its outcome', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/settings/notifications');
      const webhook = page.locator('[data-testid="notify-target"][data-notifier="webhook"]');
      await webhook.getByRole('button', { name: 'Send test' }).click();
      await expect
        .poll(() => webhook.getByTestId('test-result').textContent())
        .toContain(`Sent to ${new URL(hook.url).host}.`);
      const discord = page.locator('[data-testid="notify-target"][data-notifier="discord"]');
      await discord.getByRole('button', { name: 'Send test' }).click();
      await expect
        .poll(() => discord.getByTestId('test-result').textContent())
        .toContain('Not set up: enter its destination and save it.');
      expect(hook.requests.map((r) => (r.json() as { event: string }).event)).toEqual(['test']);
      expect(await page.content()).not.toContain('secret-path');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
