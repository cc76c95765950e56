/**
 * A folder in which nothing would reach the library (four clips shorter than 120 s), in a real
 * browser against the real service: the job waits in review instead of completing; the job page
 * says per title why it would not be filed; the review queue lets a person include a title a rule
 * left out, or give up — which stops the job and keeps every file where it is.
 */
import { mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../support/http-client.ts';
import { makeLongMkv } from '../support/make-media.ts';
import { importAndSettle, tvSeason } from '../support/folder-import.ts';
import { openPage, postedBodies, screenshots } from './support/browser.ts';
import { api, browser, sources, svc, useBrowserSession } from './support/session.ts';

vi.setConfig({ testTimeout: 120_000 });

const CLIPS = [40, 65, 90, 105];

useBrowserSession({ sources: true, timeout: 90_000 });

/** Imports a folder of four short clips and waits until the job stops for review. */
async function shortClipsJob(name: string): Promise<{ id: number; folder: string }> {
  const folder = join(sources, name);
  await mkdir(folder);
  await Promise.all(CLIPS.map((s, i) => makeLongMkv(join(folder, `title_t0${i}.mkv`), s)));
  const waiting = await importAndSettle(api, { staging_path: folder, ...tvSeason('Clip Show') }, 60_000);
  const id = waiting.body.id as number;
  expect(waiting.body).toMatchObject({ state: 'review_needed', review_kind: 'nothing_filed' });
  expect(waiting.body.review_reason).toMatch(/nothing on this disc would be filed/);
  return { id, folder };
}

describe('a job in which nothing would be filed', () => {
  it('shows per title why it is not filed, includes one from the table, and giving up keeps every file', async () => {
    const { id, folder } = await shortClipsJob('SHORT_ONLY');
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto(`/jobs/${id}`);
      const outcomes = page.getByTestId('title-outcome');
      await expect.poll(() => outcomes.count(), { timeout: 15_000 }).toBe(4);
      for (const text of await outcomes.allTextContents()) expect(text).toContain('not filed: shorter than 120 s');
      await expect(page.getByTestId('review-reason').textContent()).resolves.toContain('your files are kept');
      await expect(page.getByRole('button', { name: 'Continue' }).count()).resolves.toBe(0); // nothing included yet
      await screenshots(page, 'job-detail-nothing-filed');

      // Include one title from the table: it is no longer left out, and the job may continue.
      const first = page.locator('[data-testid="title-row"]').first();
      await first.getByRole('button', { name: /^Include/ }).click();
      await expect.poll(() => first.getByTestId('title-outcome').getAttribute('data-outcome')).toBe('pending');
      await page.getByRole('button', { name: 'Continue', exact: true }).waitFor();

      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByTestId('give-up').click();
      await page.locator('[data-testid="job-state"][data-state="failed"]').waitFor();
      expect((await readdir(folder)).sort()).toEqual(CLIPS.map((_, i) => `title_t0${i}.mkv`));
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('includes a short title from the review queue', async () => {
    const { id } = await shortClipsJob('SHORT_KEEP_ONE');
    const { page, errors, close } = await openPage(browser, svc.url);
    const sent = postedBodies(page, `/api/jobs/${id}/review`);
    try {
      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${id}"]`);
      const leftOut = section.getByTestId('left-out-title');
      await expect.poll(() => leftOut.count(), { timeout: 15_000 }).toBe(4);
      for (const text of await leftOut.allTextContents()) expect(text).toContain('not filed: shorter than 120 s');
      await screenshots(page, 'review-nothing-filed');

      const titles = (await api.get(`/api/jobs/${id}/titles`)).body as { id: number; title_index: number }[];
      const longest = titles.find((t) => t.title_index === 3)!;
      await section
        .locator(`[data-testid="left-out-title"][data-title-id="${longest.id}"]`)
        .getByRole('button', { name: /^Include/ })
        .click();
      await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
      expect(sent[0]).toEqual({ title_id: longest.id, include: true });
      const included = await eventually(
        () => api.get(`/api/jobs/${id}/titles`),
        (r) => (r.body as { id: number; outcome: string }[]).find((t) => t.id === longest.id)?.outcome !== 'discarded',
      );
      expect(
        (included.body as { id: number; discard_reason: string | null }[]).find((t) => t.id === longest.id)
          ?.discard_reason,
      ).toBeNull();
      const item = section.locator(`[data-testid="left-out-title"][data-title-id="${longest.id}"]`);
      await item.and(page.locator('[data-included="true"]')).waitFor();
      await expect(item.textContent()).resolves.toContain('included: it will be filed');
      expect((await api.get(`/api/jobs/${id}`)).body).toMatchObject({
        state: 'review_needed',
        review_kind: 'nothing_filed',
      }); // waits for Continue

      // Continue: the included title is ripped and matched; the others stay out, their files kept.
      await section.getByTestId('continue-included').click();
      await section.waitFor({ state: 'detached' });
      const after = await eventually(
        () => api.get(`/api/jobs/${id}/detail`),
        (r) => r.body.state !== 'ripping' && r.body.state !== 'matching' && r.body.review_kind !== 'nothing_filed',
        60_000,
      );
      const afterTitles = after.body.titles as { id: number; state: string; outcome: string }[];
      for (const t of afterTitles.filter((t) => t.id !== longest.id)) expect(t.outcome).toBe('discarded');
      expect(afterTitles.find((t) => t.id === longest.id)?.state).not.toBe('pending'); // it was ripped
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
