/**
 * The dashboard in a real browser against the real service: a simulated disc runs to completion
 * with live progress, and the job detail page shows what the pipeline found.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { apiClient } from '../support/http-client.ts';
import { startTestService, type TestService } from '../support/service-harness.ts';
import { libraryFolders, openPage, screenshots } from './support/browser.ts';
import { api, browser, svc, useBrowserSession } from './support/session.ts';

// A browser, a service and a simulated rip per test: allow for a busy machine.
vi.setConfig({ testTimeout: 60_000 });

useBrowserSession();

describe('dashboard', () => {
  it('shows a simulated disc from insertion to completion with live progress, without reloading', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/');
      await page.getByTestId('connection').and(page.locator('[data-status="open"]')).waitFor();
      await page.getByTestId('no-jobs').waitFor();
      await expect(page.getByTestId('asr-status').textContent()).resolves.toMatch(/CPU/);
      await page.evaluate("window.marker = 'same page'");

      const job = (
        await api.post('/api/simulate/insert-disc', {
          volume_label: 'LIVE_SHOW_S2_D1',
          content_type: 'tv',
          simulate_ripping: true,
          rip_speed_multiplier: 2.5,
        })
      ).body;
      const card = page.locator(`[data-testid="job-card"][data-job-id="${job.id}"]`);
      await card.waitFor();

      // Progress while ripping: percent, speed and ETA change on screen as /ws pushes them.
      await card.locator('[data-testid="job-state"][data-state="ripping"]').waitFor();
      await card.getByTestId('progress-speed').waitFor();
      const seen = new Set<string>();
      const until = Date.now() + 15_000;
      while (seen.size < 3 && Date.now() < until) {
        const text = await card
          .getByTestId('progress-percent')
          .textContent()
          .catch(() => null);
        if (text && text !== '0%' && text !== '100%') seen.add(text);
        await page.waitForTimeout(100);
      }
      expect(seen.size).toBeGreaterThanOrEqual(3);
      await expect(card.getByTestId('progress-eta').textContent()).resolves.toMatch(/ETA \d/);
      await expect(card.getByTestId('progress-speed').textContent()).resolves.toMatch(/^\d+(\.\d+)?x$/);
      await expect(card.locator('[data-testid="title-badge"]').first().textContent()).resolves.toBe('RIPPING');
      await expect(card.textContent()).resolves.toContain('LIVE SHOW S2 D1'); // detected title after identification
      await expect(card.getByTestId('confidence').getAttribute('data-band')).resolves.toBe('high');
      await screenshots(page, 'dashboard-ripping');

      await card.locator('[data-testid="job-state"][data-state="completed"]').waitFor({ timeout: 30_000 });
      await page.waitForFunction(
        `[...document.querySelectorAll('[data-job-id="${job.id}"] [data-testid="title-badge"]')].map((b) => b.textContent).join() === 'OK,OK,OK,OK'`,
      );
      expect(await page.evaluate('window.marker')).toBe('same page');
      await screenshots(page, 'dashboard-completed');

      // Job detail: titles table, score components, timeline.
      await card.getByRole('link', { name: 'Details' }).click();
      await page.getByTestId('job-title').waitFor();
      expect(page.url()).toBe(`${svc.url}/jobs/${job.id}`);
      const table = page.getByTestId('titles-table');
      await expect(table.locator('tbody tr').first().textContent()).resolves.toMatch(
        /22:00.*1\.9 GB.*1080p.*OK.*S01E01.*92%/s,
      );
      await table.getByRole('button', { name: 'Scores' }).first().click();
      await expect(page.getByTestId('score-breakdown').textContent()).resolves.toContain('simulated');
      const timeline = await page.getByTestId('timeline').locator('li').allTextContents();
      expect(timeline.map((t) => t.split('→')[1]?.trim())).toEqual([
        'Identifying',
        'Ripping',
        'Matching',
        'Organizing',
        'Completed',
      ]);
      await screenshots(page, 'job-detail');

      // Clear it from the dashboard; it leaves the list.
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByRole('link', { name: 'Dashboard' }).first().click();
      await page.getByTestId('no-jobs').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a failed job with its full error message and a dark theme', async () => {
    const { page, errors, close } = await openPage(browser, svc.url, { colorScheme: 'dark' });
    try {
      const job = (
        await api.post('/api/simulate/insert-disc', {
          volume_label: 'CANCEL_ME',
          content_type: 'movie',
          simulate_ripping: true,
          rip_speed_multiplier: 0.2,
        })
      ).body;
      await page.goto('/');
      const card = page.locator(`[data-testid="job-card"][data-job-id="${job.id}"]`);
      await card.locator('[data-testid="job-state"][data-state="ripping"]').waitFor();
      page.once('dialog', (dialog) => void dialog.accept());
      await card.getByRole('button', { name: 'Cancel' }).click();
      await card.locator('[data-testid="job-state"][data-state="failed"]').waitFor();
      await expect(card.textContent()).resolves.toContain('Cancelled by user');
      expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('dark');
      await screenshots(page, 'dashboard-dark');
      await page.getByTestId('theme-toggle').click();
      expect(await page.evaluate('document.documentElement.dataset.theme')).toBe('light');
      await page.goto(`/jobs/${job.id}`);
      await expect(page.getByTestId('error-message').textContent()).resolves.toBe('Cancelled by user');
      expect(await page.evaluate("localStorage.getItem('spindle.theme')")).toBe('light');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('live updates across a server restart', () => {
  it('reconnects on its own, re-reads the job list and resumes live progress', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'spindle-restart-'));
    const config = await libraryFolders();
    let first: TestService | null = await startTestService({ dataDir, config, env: { DEBUG: 'true' } });
    const port = first.service.port;
    const { page, errors, close } = await openPage(browser, first.url);
    let second: TestService | null = null;
    try {
      await page.goto('/');
      await page.locator('[data-testid="connection"][data-status="open"]').waitFor();
      await page.getByTestId('no-jobs').waitFor();
      await page.evaluate("window.marker = 'same page'");

      // An open browser tab must not hold the shutdown (its WebSocket is closed by the server).
      const closing = Date.now();
      await first.close({ keepData: true });
      expect(Date.now() - closing).toBeLessThan(5000);
      first = null;
      await page.locator('[data-testid="connection"][data-status="reconnecting"]').waitFor();
      await expect(page.getByTestId('connection').textContent()).resolves.toContain('Offline');
      await screenshots(page, 'dashboard-offline');

      // Same port, same data directory: a job created while the page was offline shows up after the reconnect.
      second = await startTestService({ dataDir, env: { DEBUG: 'true', PORT: String(port) } });
      const client = apiClient(second.url);
      const offline = (
        await client.post('/api/simulate/insert-disc', { volume_label: 'WHILE_OFFLINE', simulate_ripping: false })
      ).body;
      await page.locator('[data-testid="connection"][data-status="open"]').waitFor({ timeout: 20_000 });
      await page.locator(`[data-testid="job-card"][data-job-id="${offline.id}"]`).waitFor();

      // And live progress flows again on the new socket.
      const job = (
        await client.post('/api/simulate/insert-disc', {
          volume_label: 'AFTER_RESTART',
          content_type: 'movie',
          simulate_ripping: true,
          rip_speed_multiplier: 4,
        })
      ).body;
      const card = page.locator(`[data-testid="job-card"][data-job-id="${job.id}"]`);
      await card.locator('[data-testid="job-state"][data-state="ripping"]').waitFor();
      await card.getByTestId('progress-speed').waitFor();
      await card.locator('[data-testid="job-state"][data-state="completed"]').waitFor({ timeout: 30_000 });
      expect(await page.evaluate('window.marker')).toBe('same page');
      expect(errors).toEqual([]);
    } finally {
      await close();
      await first?.close();
      await second?.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
