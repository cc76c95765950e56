/**
 * The settings screen's "Send test" for notifications in a real browser: one click sends a test
 * message through each configured notifier and shows each outcome (sent to the webhook, recorded
 * by a local server; Discord not set up).
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
  it('sends a test notification and shows each notifier’s outcome', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/settings');
      const panel = page.getByTestId('notification-test');
      await panel.getByRole('button', { name: 'Send test' }).click();
      await panel.getByTestId('notify-webhook').waitFor();
      expect(await panel.getByTestId('notify-webhook').textContent()).toContain(`webhook (${new URL(hook.url).host}): sent`);
      expect(await panel.getByTestId('notify-discord').textContent()).toMatch(/discord: not set up\s*not configured: set its destination in plugin_settings\["notifier-webhook"\]/);
      expect(hook.requests.map((r) => (r.json() as { event: string }).event)).toEqual(['test']);
      expect(await page.content()).not.toContain('secret-path');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
