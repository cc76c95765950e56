/**
 * Contributions and diagnostics in a real browser: the disclosure prompt opened by the
 * `fingerprint_disclosure_required` message (accept and disable), the contributions screen
 * (audit log, or "not available" while the service has no fingerprint endpoints), and the
 * sanitized bug report with its pre-filled issue link.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { spawnFingerprintServer } from '../../fingerprint-server/test/server-process.ts';
import { apiClient } from '../support/http-client.ts';
import { startTestService } from '../support/service-harness.ts';
import { libraryFolders, openPage, screenshots } from './support/browser.ts';
import { api, browser, svc, useBrowserSession } from './support/session.ts';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.diagnostics-must-not-leak-this';

// A browser, a service and a simulated rip per test: allow for a busy machine.
vi.setConfig({ testTimeout: 60_000 });

useBrowserSession({ config: { catalog_api_key: TOKEN } });

describe('contribution disclosure', () => {
  it('opens when the service asks, and accepting sets fingerprint_disclosure_accepted', async () => {
    expect((await api.get('/api/config')).body.fingerprint_disclosure_accepted).toBe(false);
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/');
      await page.locator('[data-testid="connection"][data-status="open"]').waitFor();
      const dialog = page.getByTestId('disclosure-dialog');
      expect(await dialog.isVisible()).toBe(false);

      svc.service.bus.emit('fingerprint.disclosure_required', { pendingCount: 3 });
      await dialog.waitFor({ state: 'visible' });
      await expect(dialog.textContent()).resolves.toContain('3 contributions are ready to upload');
      const text = await dialog.getByTestId('disclosure-text').textContent();
      for (const never of [
        'File names or file paths',
        'IP address',
        'Who you are',
        'library is organised',
        'The audio itself',
        'Subtitles or transcripts',
        'Hashes of your files',
      ]) {
        expect(text).toContain(never);
      }
      await screenshots(page, 'disclosure-prompt');

      await dialog.getByRole('button', { name: 'Accept and contribute' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await api.get('/api/config')).body.fingerprint_disclosure_accepted).toBe(true);
      expect((await api.get('/api/config')).body.enable_fingerprint_contributions).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('choosing not to contribute turns enable_fingerprint_contributions off', async () => {
    await api.put('/api/config', { fingerprint_disclosure_accepted: false, enable_fingerprint_contributions: true });
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/contributions');
      await page.locator('[data-testid="connection"][data-status="open"]').waitFor();
      await expect(page.getByTestId('contribution-status').textContent()).resolves.toContain(
        'Waiting for your consent',
      );
      svc.service.bus.emit('fingerprint.disclosure_required', { pendingCount: 1 });
      const dialog = page.getByTestId('disclosure-dialog');
      await dialog.waitFor({ state: 'visible' });
      await expect(dialog.textContent()).resolves.toContain('1 contribution is ready');
      await dialog.getByRole('button', { name: "Don't contribute" }).click();
      await dialog.waitFor({ state: 'hidden' });
      await expect.poll(async () => (await api.get('/api/config')).body.enable_fingerprint_contributions).toBe(false);
      expect((await api.get('/api/config')).body.fingerprint_disclosure_accepted).toBe(false);
      await expect(page.getByTestId('contribution-status').textContent()).resolves.toContain('Off');

      // "Decide later" only closes it; the next message opens it again.
      svc.service.bus.emit('fingerprint.disclosure_required', { pendingCount: 2 });
      await dialog.waitFor({ state: 'visible' });
      await dialog.getByRole('button', { name: 'Decide later' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect((await api.get('/api/config')).body.enable_fingerprint_contributions).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows the audit log, and says the feature is not in this version when the endpoints answer 404', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/contributions');
      await page.getByTestId('contributions-table').or(page.getByTestId('contributions-empty')).waitFor();
      await expect(page.getByTestId('contributions-pending').textContent()).resolves.toMatch(
        /^\d+ waiting to be uploaded/,
      );
      await page.getByRole('button', { name: 'Forget my contributions…' }).click();
      const confirm = page.getByRole('dialog', { name: 'Forget your contributions?' });
      await expect(confirm.textContent()).resolves.toContain(
        'Fingerprints already confirmed by several other people stay',
      );
      await confirm.getByRole('button', { name: 'Keep them' }).click();
      await screenshots(page, 'contributions');

      // A service without the fingerprint network (an older version) answers 404 on these routes.
      await page.route('**/api/fingerprint/**', (route) =>
        route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }),
        }),
      );
      await page.reload();
      await expect(page.getByTestId('contributions-unavailable').textContent()).resolves.toContain(
        'Not available in this version',
      );
      await screenshots(page, 'contributions-unavailable');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('contribution upload', () => {
  it('accepting the prompt uploads the queued contribution to a local fingerprint server and it shows in the audit log', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spindle-fp-'));
    const network = await spawnFingerprintServer({ DATABASE_URL: `sqlite://${join(dir, 'network.db')}` });
    const local = await startTestService({
      config: await libraryFolders(),
      env: { DEBUG: 'true', FINGERPRINT_SERVER_URL: network.url, FINGERPRINT_UPLOAD_INTERVAL_SECONDS: '1' },
    });
    const client = apiClient(local.url);
    const { page, errors, close } = await openPage(browser, local.url);
    try {
      await page.goto('/contributions');
      await page.locator('[data-testid="connection"][data-status="open"]').waitFor();
      await page.getByTestId('contributions-empty').waitFor();
      expect((await client.post('/debug/fingerprint/seed')).status).toBeLessThan(300);

      // The uploader's next check finds a queued contribution without consent: the prompt opens.
      const dialog = page.getByTestId('disclosure-dialog');
      await dialog.waitFor({ state: 'visible', timeout: 20_000 });
      await expect(dialog.textContent()).resolves.toContain('1 contribution is ready');
      await dialog.getByRole('button', { name: 'Accept and contribute' }).click();
      await dialog.waitFor({ state: 'hidden' });

      // Accepting starts the upload; the audit log gets its line.
      await expect
        .poll(async () => (await client.get('/api/fingerprint/contributions')).body.entries.length, { timeout: 20_000 })
        .toBe(1);
      await page.reload();
      await page.getByTestId('contributions-table').waitFor();
      const row = await page.getByTestId('contributions-table').locator('tbody tr').first().textContent();
      const prefix = ((await client.get('/api/config')).body.contribution_pseudonym as string).slice(0, 8);
      expect(row).toContain('Episode fingerprint');
      expect(row).toContain(prefix);
      await screenshots(page, 'contributions-audit-log');
      expect(errors).toEqual([]);
    } finally {
      await close();
      await local.close();
      await network.stop();
    }
  });
});

describe('diagnostics', () => {
  it('generates the sanitized report for a job and links the pre-filled issue', async () => {
    const job = (await api.post('/api/simulate/insert-disc', { volume_label: 'REPORT_ME', simulate_ripping: false }))
      .body;
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto(`/jobs/${job.id}`);
      await page.getByRole('link', { name: 'Report a problem' }).click();
      await page.waitForURL(/\/diagnostics\?job_id=/);
      await page.getByRole('button', { name: 'Generate report' }).click();
      const report = await page.getByTestId('diagnostics-report').inputValue();
      expect(report).toContain('REPORT_ME');
      expect(report).not.toContain(TOKEN);
      const href = await page.getByTestId('issue-link').getAttribute('href');
      expect(href).toMatch(/^https:\/\/github\.com\/.+\/issues\/new\?/);
      expect(href).not.toContain(encodeURIComponent(TOKEN));
      expect(await page.getByTestId('issue-link').getAttribute('target')).toBe('_blank');
      await screenshots(page, 'diagnostics');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
