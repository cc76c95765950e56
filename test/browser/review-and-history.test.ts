/**
 * The review queue resolved with the keyboard, and the history screen's server-side filters,
 * search and pagination, plus the statistics built from them — in a real browser.
 */
import { describe, expect, it, vi } from 'vitest';
import { eventually } from '../support/http-client.ts';
import { openPage, reviewLinkText, screenshots } from './support/browser.ts';
import {
  component,
  episode,
  mainMovie,
  matchDetails,
  parkInReview,
  titleInReview,
  tvSeasonJob,
} from '../support/job-fixtures.ts';
import { api, browser, svc, useBrowserSession } from './support/session.ts';

// A browser, a service and a simulated rip per test: allow for a busy machine.
vi.setConfig({ testTimeout: 60_000 });

useBrowserSession();

/** A TV job parked in review_needed with two titles waiting (as core/test/http/support/jobs-api.ts builds one). */
async function tvJobInReview() {
  const job = await tvSeasonJob(svc, 'OFFICE_S1_D2');
  const details = matchDetails(
    episode(3, 0.62),
    0.62,
    'local_asr',
    [episode(3, 0.62), episode(4, 0.55)],
    [
      component('transcript_similarity', 0.58, 0.7, 'subtitle overlap 58%'),
      component('duration_fit', 0.71, 0.3, '22:04 vs 22:10'),
    ],
  );
  const hd = { sizeBytes: 1_800_000_000, resolution: '1080p' };
  const titles = await svc.service.db.titles.replaceForJob(job.id, [
    titleInReview(0, 1324, '/x/a.mkv', { ...hd, matchDetailsJson: details }),
    titleInReview(1, 1310, '/x/b.mkv', { ...hd, sizeBytes: 1_700_000_000 }),
  ]);
  await parkInReview(svc, job.id, {
    reviewReason: '2 titles need review',
    resumeState: 'organizing',
    detectedTitle: 'The Office',
  });
  return { job, titles };
}

async function movieJobInReview() {
  const { jobService, db } = svc.service;
  const job = await jobService.create({ sourceKind: 'folder', volumeLabel: 'BLADE_RUNNER', contentType: 'movie' });
  const details = matchDetails(mainMovie(null, 0.5), 0.5, 'heuristic', [
    mainMovie("Director's Cut", 0.51),
    mainMovie('Theatrical', 0.49),
  ]);
  const titles = await db.titles.replaceForJob(job.id, [
    titleInReview(0, 7020, '/x/m0.mkv', {
      sizeBytes: 30_000_000_000,
      resolution: '1080p',
      matchDetailsJson: details,
    }),
  ]);
  await parkInReview(svc, job.id, {
    reviewReason: 'Two main features: choose the edition',
    resumeState: 'organizing',
    isAmbiguousMovie: true,
  });
  return { job, titles };
}

describe('review queue', () => {
  it('resolves a TV job title by title with the keyboard and a movie with approve-all', async () => {
    const tv = await tvJobInReview();
    const movie = await movieJobInReview();
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/');
      await expect.poll(() => reviewLinkText(page)).toContain('2');
      await page
        .getByRole('link', { name: /Review/ })
        .first()
        .click();
      await page.locator('[data-testid="review-job"]').nth(1).waitFor();
      const tvSection = page.locator(`[data-testid="review-job"][data-job-id="${tv.job.id}"]`);
      const first = tvSection.locator(`[data-testid="review-item"][data-title-id="${tv.titles[0]!.id}"]`);
      await expect(first.locator('label:has(input[type="radio"]:checked) .mono').textContent()).resolves.toBe('S01E03');
      await first.getByRole('button', { name: 'Evidence' }).or(first.locator('summary')).click();
      await expect(first.getByTestId('score-breakdown').textContent()).resolves.toContain('transcript similarity');
      await screenshots(page, 'review-queue');

      // Keyboard only: "2" picks the second candidate, Enter saves.
      await first.locator('input[type="radio"]:checked').focus();
      await page.keyboard.press('2');
      await page.keyboard.press('Enter');
      await expect
        .poll(
          async () =>
            (await api.get(`/api/jobs/${tv.job.id}/titles`)).body.find((t: { id: number }) => t.id === tv.titles[0]!.id)
              .matched_episode,
        )
        .toBe('S01E04');

      // Focus moved to the next item; its "Another episode" choice takes a typed code.
      const second = tvSection.locator(`[data-testid="review-item"][data-title-id="${tv.titles[1]!.id}"]`);
      await first.waitFor({ state: 'detached' });
      expect(
        await page.evaluate(
          `document.activeElement?.closest('[data-testid="review-item"]')?.getAttribute('data-title-id')`,
        ),
      ).toBe(String(tv.titles[1]!.id));
      await second.getByLabel('Episode code').fill('s1e7x');
      await page.keyboard.press('Enter');
      await expect(second.getByRole('alert').textContent()).resolves.toContain('SxxExx');
      await second.getByLabel('Episode code').fill('s1e6');
      await page.keyboard.press('Enter');
      const after = await eventually(
        () => api.get(`/api/jobs/${tv.job.id}`),
        (r) => r.body.state !== 'review_needed',
      );
      expect(after.body.state).not.toBe('review_needed');
      expect(
        (await api.get(`/api/jobs/${tv.job.id}/titles`)).body.find((t: { id: number }) => t.id === tv.titles[1]!.id)
          .matched_episode,
      ).toBe('S01E06');
      await tvSection.waitFor({ state: 'detached' });

      // The movie: approve all takes the best candidate (Director's Cut).
      const movieSection = page.locator(`[data-testid="review-job"][data-job-id="${movie.job.id}"]`);
      await movieSection.getByRole('button', { name: 'Approve all best guesses' }).click();
      await page.getByTestId('review-empty').waitFor();
      const movieTitle = (await api.get(`/api/jobs/${movie.job.id}/titles`)).body[0];
      expect(movieTitle).toMatchObject({ edition: "Director's Cut", match_source: 'heuristic' });
      expect((await api.get(`/api/jobs/${movie.job.id}`)).body.state).not.toBe('review_needed');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('history and statistics', () => {
  /** 23 finished jobs: 13 TV (9 completed, 4 failed) and 10 movies (6 completed, 4 failed). */
  async function seedHistory() {
    await api.del('/api/simulate/reset-all-jobs');
    const { jobService } = svc.service;
    const errorsByIndex = [
      'MakeMKV license expired',
      'Disc read error at sector 1234',
      'MakeMKV license expired',
      'Subtitle download failed',
      'Disc read error at sector 1234',
      'MakeMKV license expired',
      'Permission denied: /library',
    ];
    let failed = 0;
    for (let i = 0; i < 23; i++) {
      const tv = i < 13;
      const job = await jobService.create({
        sourceKind: 'folder',
        volumeLabel: tv ? `SHOW_${String(i).padStart(2, '0')}` : `FILM_${String(i).padStart(2, '0')}`,
        contentType: tv ? 'tv' : 'movie',
        ...(tv ? { detectedSeason: 1 } : {}),
      });
      const fail = tv ? i % 3 === 0 && i > 0 : i % 3 === 1;
      for (const s of ['identifying', 'ripping'] as const) await jobService.transition(job.id, s);
      if (fail) {
        await jobService.transition(job.id, 'failed', {
          patch: { errorMessage: errorsByIndex[failed++ % errorsByIndex.length] },
        });
      } else {
        for (const s of ['matching', 'organizing', 'completed'] as const) await jobService.transition(job.id, s);
      }
    }
  }

  it('filters by type and result on the server, searches, and pages through the results', async () => {
    await seedHistory();
    const stats = (await api.get('/api/jobs/stats')).body;
    expect(stats).toMatchObject({ total_jobs: 23, tv: 13, movie: 10 });
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/history');
      await expect(page.getByTestId('history-total').textContent()).resolves.toContain('23 jobs');
      await expect(page.getByTestId('history-row').count()).resolves.toBe(20);
      await expect(page.getByTestId('page-status').textContent()).resolves.toBe('Page 1 of 2');
      await screenshots(page, 'history');

      await page.getByTestId('page-next').click();
      await page.waitForURL(/page=2/);
      await expect.poll(() => page.getByTestId('history-row').count()).toBe(3);
      await expect(page.getByTestId('page-status').textContent()).resolves.toBe('Page 2 of 2');

      await page.getByLabel('Type').selectOption('movie');
      await page.waitForURL(/content_type=movie/);
      await expect.poll(() => page.getByTestId('history-total').textContent()).toContain('10 jobs');
      expect(page.url()).not.toContain('page=2'); // a new filter starts at page 1
      await page.getByLabel('Result').selectOption('failed');
      await expect.poll(() => page.getByTestId('history-total').textContent()).toContain('4 jobs');
      const rows = await page.getByTestId('history-row').allTextContents();
      expect(rows.every((r) => r.includes('FILM_') && r.includes('Failed'))).toBe(true);

      await page.getByLabel('Per page').selectOption('10');
      await page.getByLabel('Type').selectOption('');
      await page.getByLabel('Result').selectOption('');
      await expect.poll(() => page.getByTestId('page-status').textContent()).toBe('Page 1 of 3');
      await page.getByRole('button', { name: 'Page 3' }).click();
      await expect.poll(() => page.getByTestId('history-row').count()).toBe(3);

      await page.getByLabel('Search').fill('SHOW_1');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByTestId('history-total').textContent()).toContain('3 jobs matching “SHOW_1”');
      await page.getByLabel('Search').fill('nothing-like-this');
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByTestId('history-empty').waitFor();

      // Back restores the previous filters from the URL.
      await page.goBack();
      await expect.poll(() => page.getByTestId('history-total').textContent()).toContain('3 jobs matching');
      await expect(page.getByLabel('Search').inputValue()).resolves.toBe('SHOW_1');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('draws statistics: totals, jobs over time, completed vs failed, TV vs movie, top errors', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/statistics');
      await expect(page.getByTestId('stat-total').textContent()).resolves.toBe('23');
      const errorsList = await page.getByTestId('top-errors').locator('li').allTextContents();
      expect(errorsList[0]).toMatch(/MakeMKV license expired\s*4/);
      expect(errorsList).toHaveLength(4);
      // Today's column holds all 23 jobs (15 completed + 8 failed): its rectangles carry the counts.
      const titles = await page.locator('svg rect title').allTextContents();
      expect(titles.filter((t) => /: 15 completed$/.test(t))).toHaveLength(1);
      expect(titles.filter((t) => /: 8 failed$/.test(t))).toHaveLength(1);
      await expect(
        page.getByRole('img', { name: /Completed and failed jobs: Completed 15, Failed 8/ }).count(),
      ).resolves.toBe(1);
      await expect(page.getByRole('img', { name: /TV and movie jobs: TV 13, Movie 10/ }).count()).resolves.toBe(1);
      await screenshots(page, 'statistics');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
