/**
 * "Ask which titles to rip" in Chromium against the real service and pipeline: the person turns
 * the setting on in Settings, imports a folder from the dashboard, finds the job waiting in the
 * review queue with every title listed (short ones included), unticks one, ticks the short one,
 * presses "Rip these titles", and sees exactly the ticked titles filed on the job's page.
 */
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { untilSettled } from '../support/folder-import.ts';
import { makeLongMkv } from '../support/make-media.ts';
import { openImportForm, openPage, postedBodies, screenshots } from './support/browser.ts';
import { api, browser, svc, useBrowserSession } from './support/session.ts';

// A browser, a service and a real pipeline: allow for a busy machine.
vi.setConfig({ testTimeout: 150_000 });

let folder: string;
let second: string;

useBrowserSession({ timeout: 150_000 });

beforeAll(async () => {
  folder = join(await mkdtemp(join(svc.service.config.get().staging_path!, 'sources-')), 'PICK_MOVIE');
  await mkdir(folder);
  await makeLongMkv(join(folder, 'title_t00.mkv'), 6010); // the feature
  await makeLongMkv(join(folder, 'title_t01.mkv'), 2400); // a 40-minute extra the rules would rip
  await makeLongMkv(join(folder, 'title_t02.mkv'), 60); // a one-minute clip the rules leave out (a deleted scene by its length)
  second = join(folder, '..', 'ONE_OFF_MOVIE');
  await mkdir(second);
  await makeLongMkv(join(second, 'title_t00.mkv'), 6010);
  await makeLongMkv(join(second, 'title_t01.mkv'), 60);
}, 150_000);

describe('asking which titles to rip', () => {
  it('turned on in Settings, holds an import until the person ticks the titles, then rips and files exactly those', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/settings/library');
      const box = page.getByLabel('Ask which titles to rip', { exact: true });
      expect(await box.isChecked()).toBe(false);
      await box.check();
      const group = page.locator('form[data-testid^="settings-group-"]', { has: box });
      await group.getByRole('button', { name: /^Save/ }).click();
      await group.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      expect((await api.get('/api/config')).body.ask_which_titles_to_rip).toBe(true);

      const form = await openImportForm(page);
      await form.getByLabel('Folder', { exact: true }).pressSequentially(folder);
      await form.getByLabel('Type').selectOption('movie');
      await form.getByLabel('Title', { exact: true }).pressSequentially('Picked Movie');
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/staging/import');
      await form.getByRole('button', { name: 'Import', exact: true }).click();
      const response = await answered;
      expect(response.status()).toBe(201);
      const id = ((await response.json()) as { id: number }).id;
      const held = await untilSettled(api, `/api/jobs/${id}`, 90_000);
      expect(held.body).toMatchObject({
        state: 'review_needed',
        review_kind: 'rip_choice',
        detected_title: 'Picked Movie',
      });

      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${id}"]`);
      const choice = section.getByTestId('rip-choice');
      await choice.waitFor();
      await expect(section.textContent()).resolves.toContain('Choose the titles to rip: 2 of 3');
      const row = (index: number) => choice.locator(`[data-testid="rip-title"][data-title-index="${index}"]`);
      expect(await row(0).getByRole('checkbox').isChecked()).toBe(true);
      expect(await row(1).getByRole('checkbox').isChecked()).toBe(true);
      expect(await row(2).getByRole('checkbox').isChecked()).toBe(false);
      await expect(row(2).textContent()).resolves.toContain('not ripped: shorter than 120 s');

      await row(1).getByRole('checkbox').uncheck();
      await expect.poll(() => row(1).getAttribute('data-rip'), { timeout: 15_000 }).toBe('false');
      await row(2).getByRole('checkbox').check();
      await expect.poll(() => row(2).getAttribute('data-rip'), { timeout: 15_000 }).toBe('true');
      await expect(row(1).textContent()).resolves.toContain('not ripped: your choice');
      await expect(row(2).textContent()).resolves.toContain('ripped: your choice');
      expect((await api.get(`/api/jobs/${id}`)).body.state).toBe('review_needed'); // ticking alone does not start it
      await screenshots(page, 'review-rip-choice');

      await section.getByRole('button', { name: 'Rip these titles' }).click();
      await page.locator('.toast').filter({ hasText: 'Ripping the ticked titles.' }).first().waitFor();
      await section.waitFor({ state: 'detached' });
      const done = await untilSettled(api, `/api/jobs/${id}`, 90_000);
      expect(done.body.state).toBe('completed');

      // The job's page shows where each title went: the feature and the clip in the library, the extra left out.
      await page.goto(`/jobs/${id}`);
      await expect
        .poll(() => page.getByTestId('completed-summary').textContent(), { timeout: 15_000 })
        .toMatch(/^Completed, 2 files filed/);
      const main = page.locator('main');
      await expect(main.textContent()).resolves.toContain('Picked Movie.mkv');
      await expect(main.textContent()).resolves.toContain('title_t02.mkv');
      const movies = svc.service.config.get().library_movies_path!;
      const shelf = join(movies, 'Picked Movie');
      expect((await readdir(shelf)).sort()).toEqual(['Deleted Scenes', 'Picked Movie.mkv']);
      expect(await readdir(join(shelf, 'Deleted Scenes'))).toEqual(['title_t02.mkv']);
      // Copied (the form's default): the folder is whole, the unticked title included.
      expect((await readdir(folder)).sort()).toEqual(['title_t00.mkv', 'title_t01.mkv', 'title_t02.mkv']);
      expect(errors).toEqual([]);
    } finally {
      await api.put('/api/config', { ask_which_titles_to_rip: false });
      await close();
    }
  });

  it('with the setting off, holds one import whose form asks to choose the titles', async () => {
    expect((await api.get('/api/config')).body.ask_which_titles_to_rip).toBe(false);
    const { page, errors, close } = await openPage(browser, svc.url);
    const sent = postedBodies(page, '/api/staging/import');
    try {
      const form = await openImportForm(page);
      await form.getByLabel('Folder', { exact: true }).pressSequentially(second);
      await form.getByLabel(/Let me choose the titles/).check();
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/staging/import');
      await form.getByRole('button', { name: 'Import', exact: true }).click();
      const id = ((await (await answered).json()) as { id: number }).id;
      expect(sent).toEqual([{ staging_path: second, mode: 'copy', ask_which_titles: true }]);
      const held = await untilSettled(api, `/api/jobs/${id}`, 90_000);
      expect(held.body).toMatchObject({ state: 'review_needed', review_kind: 'rip_choice' });
      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${id}"]`);
      await section.getByTestId('rip-choice').waitFor();
      await expect(section.getByTestId('rip-title').count()).resolves.toBe(2);
      await section.getByRole('button', { name: 'Rip these titles' }).click();
      await section.waitFor({ state: 'detached' });
      const done = await untilSettled(api, `/api/jobs/${id}`, 90_000);
      expect(done.body).toMatchObject({ state: 'completed', files_filed: 1, titles_discarded: 1 });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
