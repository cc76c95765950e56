/**
 * The login as a person meets it in Chromium: a network-bound Spindle sends the browser to the
 * login page, a wrong password is told, the right one opens the dashboard; API tokens are
 * created and revoked in Settings; Log out ends the session. SPINDLE_PASSWORD sets the password
 * without a setup link (and never shows in the log). AUTH=none on a network address warns in the
 * log and shows a banner.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureUiBuilt, launchBrowser, libraryFolders, openPage, screenshots } from '../browser/support/browser.ts';
import { EMPTY_PIPELINE } from '../support/service-harness.ts';
import { send, setupTokenFromLog, startLanService, type LanService } from './support/lan-service.ts';

const PASSWORD = 'a long enough secret';
let browser: Browser;
let lan: LanService;

beforeAll(async () => {
  ensureUiBuilt();
  const folders = await libraryFolders();
  [browser, lan] = await Promise.all([
    launchBrowser(),
    startLanService({ config: { ...folders, pipeline: EMPTY_PIPELINE }, env: { SPINDLE_PASSWORD: PASSWORD } }),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await lan?.svc.close();
});

describe('a network-bound Spindle with SPINDLE_PASSWORD', () => {
  it('prints no setup link and never logs the password', () => {
    expect(setupTokenFromLog(lan.svc.logs)).toBeNull();
    expect(lan.svc.logs.join('\n')).not.toContain(PASSWORD);
    expect(lan.svc.logs.join('\n')).toContain('A login is required');
  });

  it('sends the browser to the login page; the password opens the dashboard; tokens are managed in Settings; Log out ends it', async () => {
    const t = await openPage(browser, lan.base);
    try {
      const { page } = t;
      await page.goto('/history');
      await page.waitForURL(/\/login\?next=%2Fhistory/);
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await screenshots(page, 'security-login');
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect.poll(() => page.getByTestId('login-error').textContent()).toContain('not right');
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/history$/);
      await page.getByRole('heading', { name: 'History' }).waitFor();
      const cookies = await t.context.cookies();
      expect(cookies.find((c) => c.name === 'spindle_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
      expect(await page.evaluate('document.cookie')).toBe(''); // the page's scripts cannot read the session

      await page.getByRole('link', { name: 'Settings' }).first().click();
      await page.getByRole('link', { name: 'Advanced', exact: true }).click(); // tokens sit under Settings → Advanced
      await page.getByRole('heading', { name: 'Access and API tokens' }).waitFor();
      await page.getByLabel('Name', { exact: true }).fill('nas backup script');
      await page.getByRole('button', { name: 'Create token' }).click();
      const shown = await page.getByLabel('The new API token').inputValue();
      expect(shown).toMatch(/^spindle_/);
      expect(await send(lan.base, 'GET', '/api/jobs', { token: shown })).toMatchObject({ status: 200 });
      await expect.poll(() => page.getByTestId('token-row').count()).toBe(1);
      await screenshots(page, 'security-tokens');
      await page.getByRole('button', { name: 'Revoke token nas backup script' }).click();
      await expect.poll(() => page.getByTestId('token-row').count()).toBe(0);
      expect((await send(lan.base, 'GET', '/api/jobs', { token: shown })).status).toBe(401);

      await page.getByTestId('log-out').click();
      await page.waitForURL(/\/login/);
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      const session = (await t.context.cookies()).find((c) => c.name === 'spindle_session');
      expect(session).toBeUndefined();
      expect(t.errors.filter((e) => !/401/.test(e))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('AUTH=none on a network address', () => {
  it('asks no login, warns in the log and shows a banner', async () => {
    const open = await startLanService({
      config: { ...(await libraryFolders()), pipeline: EMPTY_PIPELINE },
      env: { AUTH: 'none' },
    });
    const t = await openPage(browser, open.base);
    try {
      expect(open.svc.logs.join('\n')).toMatch(/AUTH=none: Spindle listens on 0\.0\.0\.0 without a login/);
      expect((await send(open.base, 'GET', '/api/jobs')).status).toBe(200);
      await t.page.goto('/');
      await expect
        .poll(() => t.page.getByTestId('auth-warning').textContent())
        .toContain('without a login (AUTH=none)');
      await screenshots(t.page, 'security-auth-none-banner');
    } finally {
      await t.close();
      await open.svc.close();
    }
  });
});
