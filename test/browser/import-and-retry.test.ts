/**
 * The dashboard's own ways in and out, in a real browser against the real service and pipeline:
 * "Import a folder" with copy (preselected) files a movie and leaves the person's folder as it
 * was; a job whose organize fails for a real reason (the movie library is not a folder) is fixed
 * and run again with Retry on its card — same job id, filed, and no second job.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eventually } from '../support/http-client.ts';
import { makeLongMkv } from '../support/make-media.ts';
import { openImportForm, openPage, postedBodies, screenshots } from './support/browser.ts';
import { api, browser, sources, svc, useBrowserSession } from './support/session.ts';

// A browser, a service and real rips of whole folders: allow for a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let movies: string;

useBrowserSession({ sources: true, timeout: 90_000 });

beforeAll(async () => {
  movies = (await api.get('/api/config')).body.library_movies_path as string;
}, 90_000);

/** A person's folder with one feature-length title (a movie the runtime matcher recognises as the main feature). */
async function movieFolder(name: string): Promise<{ folder: string; file: string }> {
  const folder = join(sources, name);
  await mkdir(folder);
  const file = join(folder, 'title_t00.mkv');
  await makeLongMkv(file, 6000);
  return { folder, file };
}

const finished = (id: number, timeout = 90_000) =>
  eventually(
    () => api.get(`/api/jobs/${id}`),
    (r) => ['completed', 'failed', 'review_needed'].includes(r.body.state),
    timeout,
  );

describe('dashboard import and retry', () => {
  it('imports a folder from the dashboard with copy preselected, and the folder keeps its files', async () => {
    const { folder, file } = await movieFolder('Night Train');
    const { page, errors, close } = await openPage(browser, svc.url);
    const sent = postedBodies(page, '/api/staging/import');
    try {
      const form = await openImportForm(page);
      await form.waitFor();
      expect(await form.getByRole('radio', { name: /^Copy/ }).isChecked()).toBe(true);
      await expect(form.textContent()).resolves.toMatch(/your folder stays exactly as it is/);
      await form.getByLabel('Folder', { exact: true }).pressSequentially(folder);
      await form.getByLabel('Type').selectOption('movie');
      await expect(form.getByLabel('Season', { exact: true }).count()).resolves.toBe(0); // a movie has no season
      await form.getByLabel('Title', { exact: true }).pressSequentially('Night Train');
      await screenshots(page, 'dashboard-import');
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/staging/import');
      await form.getByRole('button', { name: 'Import', exact: true }).click();
      const response = await answered;
      expect(response.status()).toBe(201);
      await form.waitFor({ state: 'detached' });

      expect(sent).toEqual([
        { staging_path: folder, mode: 'copy', content_type: 'movie', detected_title: 'Night Train' },
      ]);
      const id = ((await response.json()) as { id: number }).id;
      await page.locator(`[data-testid="job-card"][data-job-id="${id}"]`).waitFor();
      const done = await finished(id);
      expect(done.body).toMatchObject({ state: 'completed', content_type: 'movie', detected_title: 'Night Train' });
      // Filed into the library, and the person's folder is as it was.
      const shelf = (await readdir(movies)).find((d) => d.startsWith('Night Train'));
      expect(shelf).toBeDefined();
      expect((await readdir(join(movies, shelf!))).some((f) => f.endsWith('.mkv'))).toBe(true);
      expect(existsSync(file)).toBe(true);
      expect(await readdir(folder)).toEqual(['title_t00.mkv']);
      await expect
        .poll(
          () =>
            page
              .locator(`[data-testid="job-card"][data-job-id="${id}"] [data-testid="completed-summary"]`)
              .textContent(),
          { timeout: 15_000 },
        )
        .toBe('completed, 1 file filed');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('retries a job whose organize failed, from its dashboard card, once the cause is fixed', async () => {
    const { folder } = await movieFolder('Broken Shelf');
    // The movie library is not a folder any more: filing must fail.
    await rm(movies, { recursive: true, force: true });
    await writeFile(movies, 'not a folder');
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      const created = await api.post('/api/staging/import', {
        staging_path: folder,
        content_type: 'movie',
        detected_title: 'Broken Shelf',
      });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      const jobsBefore = (await api.get('/api/jobs')).body.length as number;
      const failed = await finished(id);
      expect(failed.body.state).toBe('failed');
      expect(failed.body.retryable_from).toBe('organizing');

      await page.goto('/');
      const card = page.locator(`[data-testid="job-card"][data-job-id="${id}"]`);
      await card.locator('[data-testid="job-state"][data-state="failed"]').waitFor();
      await screenshots(page, 'dashboard-failed-retry');

      // Fix the cause, then Retry.
      await rm(movies, { force: true });
      await mkdir(movies);
      await card.getByRole('button', { name: 'Retry' }).click();
      await card.locator('[data-testid="job-state"][data-state="completed"]').waitFor({ timeout: 90_000 });
      await expect
        .poll(() => card.getByTestId('completed-summary').textContent(), { timeout: 15_000 })
        .toBe('completed, 1 file filed');

      const done = (await api.get(`/api/jobs/${id}`)).body;
      expect(done).toMatchObject({ id, state: 'completed', files_filed: 1 });
      const shelf = (await readdir(movies)).find((d) => d.startsWith('Broken Shelf'));
      expect(shelf).toBeDefined();
      expect((await readdir(join(movies, shelf!))).some((f) => f.endsWith('.mkv'))).toBe(true);
      expect((await api.get('/api/jobs')).body.length).toBe(jobsBefore); // the same job ran again: no second one
      // Retried from the organize that failed: the files were not ripped again.
      const timeline = (await api.get(`/api/jobs/${id}/detail`)).body.timeline as { from: string; to: string }[];
      const states = timeline.filter((e) => e.from !== e.to).map((e) => e.to);
      expect(states.slice(states.indexOf('failed'))).toEqual(['failed', 'organizing', 'completed']);
      expect(states.filter((s) => s === 'ripping')).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('tells filed jobs from jobs that filed nothing in the history and the statistics', async () => {
    // The two movies above were filed; a job whose every title a person left out completes with nothing filed.
    const { jobService } = svc.service;
    const empty = await jobService.create({ sourceKind: 'folder', volumeLabel: 'ALL_SKIPPED', contentType: 'movie' });
    for (const state of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const)
      await jobService.transition(empty.id, state);
    const stats = (await api.get('/api/jobs/stats')).body;
    expect(stats).toMatchObject({ completed: 3, completed_with_files: 2, completed_nothing_filed: 1, files_filed: 2 });
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/history');
      const filed = page.getByTestId('history-row').getByTestId('history-filed');
      await expect
        .poll(() => filed.allTextContents())
        .toEqual(expect.arrayContaining(['nothing filed', '1 file filed']));
      await expect(
        page
          .locator(`[data-testid="history-row"][data-job-id="${empty.id}"]`)
          .getByTestId('history-filed')
          .textContent(),
      ).resolves.toContain('nothing filed');

      await page.goto('/statistics');
      await expect(page.getByTestId('stat-files').textContent()).resolves.toBe('2');
      await expect(
        page
          .getByRole('img', {
            name: 'Completed jobs by what they filed: Completed, files filed 2, Completed, nothing filed 1',
          })
          .count(),
      ).resolves.toBe(1);
      await expect(page.getByTestId('stat-filed').textContent()).resolves.toContain('1 completed job filed nothing');
      await screenshots(page, 'statistics-filed');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('says in the settings what each cleanup policy deletes and never deletes', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/settings/after-job');
      const policies = page.getByTestId('cleanup-policies');
      await policies.waitFor();
      for (const policy of ['on_success', 'on_completion', 'after_days', 'manual']) {
        const text = (await policies.locator(`[data-policy="${policy}"] dd`).textContent()) ?? '';
        expect(text, policy).toContain('never a file of yours that was not filed, never a non-video file');
        expect(
          text.split(/[.!?](\s|$)/).filter((p) => p.trim().length > 1),
          policy,
        ).toHaveLength(1); // one sentence
      }
      await expect(policies.locator('[data-policy="on_success"] dt').textContent()).resolves.toContain('(chosen)');
      const group = page.getByTestId('settings-group-after-job');
      await group.getByLabel('Delete staging files').selectOption('after_days');
      await expect(policies.locator('[data-policy="after_days"] dt').textContent()).resolves.toContain('(chosen)');
      await group.getByRole('checkbox', { name: 'Short titles' }).check();
      await group.getByRole('button', { name: 'Save after a job' }).click();
      await expect
        .poll(async () => (await api.get('/api/config')).body)
        .toMatchObject({ staging_cleanup_policy: 'after_days', discard_files_of: ['short'] });
      await screenshots(page, 'settings-cleanup');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
