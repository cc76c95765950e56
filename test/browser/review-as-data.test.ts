/**
 * The review UI works from typed data, not from words: every review message the service sends is
 * renamed on its way to the page (page.route), and the review queue still offers the right
 * controls for each title's review kind — skip/overwrite for a file conflict, the episode choice
 * for a low-confidence match, the other claimant for a duplicate claim. The queue comes from
 * GET /api/review, so a job older than the dashboard's 10 newest is in it; a job's buttons come
 * from the server's `actions`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import type { TitleReview } from '../../core/src/jobs/title-review.ts';
import { openPage, reviewLinkText } from './support/browser.ts';
import { episode, matchDetails, titleInReview, tvSeasonJob } from '../support/job-fixtures.ts';
import { api, browser, svc, useBrowserSession } from './support/session.ts';

vi.setConfig({ testTimeout: 90_000 });

useBrowserSession();

const review = (kind: TitleReview['kind'], message: string, extra: Partial<TitleReview> = {}): TitleReview => ({
  kind,
  message,
  candidates: [],
  path: null,
  otherTitles: [],
  episode: null,
  ...extra,
});
const details = (n: number, confidence: number, candidates: ReturnType<typeof episode>[]) =>
  matchDetails(episode(n, confidence), confidence, 'local_asr', candidates);

/** A TV job in review with three titles, one per kind; created first, so it is the oldest job. */
async function jobWithThreeKinds() {
  const { jobService, db } = svc.service;
  const job = await tvSeasonJob(svc, 'MIXED_S1_D1', 'Mixed');
  const conflictPath = '/library/TV/Mixed/Season 01/Mixed - S01E02.mkv';
  const titles = await db.titles.replaceForJob(job.id, [
    titleInReview(0, 1320, '/x/a.mkv', {
      matchDetailsJson: details(3, 0.6, [episode(3, 0.6), episode(4, 0.3)]),
      review: review('low_confidence', 'The best match has 60 % confidence', {
        candidates: [episode(3, 0.6), episode(4, 0.3)],
      }),
    }),
    titleInReview(1, 1310, '/x/b.mkv', {
      matchDetailsJson: details(2, 0.95, [episode(2, 0.95)]),
      review: review(
        'conflict',
        `A file already exists at ${conflictPath}. Keep the library file (skip) or replace it (overwrite)?`,
        { path: conflictPath, candidates: [episode(2, 0.95)] },
      ),
    }),
    titleInReview(2, 1300, '/x/c.mkv', {
      matchDetailsJson: details(3, 0.55, [episode(3, 0.55)]),
      review: review('duplicate_claim', 'S01E03 is also claimed by title 0', {
        episode: 'S01E03',
        otherTitles: [0],
        candidates: [episode(3, 0.55)],
      }),
    }),
  ]);
  await jobService.transition(job.id, 'review_needed', {
    patch: { reviewKind: 'organize', reviewReason: 'Organizing needs decisions', resumeState: 'organizing' },
  });
  return { job, titles, conflictPath };
}

/** Renames every review message (and the spec's review_reason) in a JSON body. */
function renameMessages(value: unknown, counter = { n: 0 }): unknown {
  if (Array.isArray(value)) return value.map((v) => renameMessages(v, counter));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if ((key === 'message' || key === 'review_reason') && typeof v === 'string')
      out[key] = `Zyx renamed ${++counter.n}`;
    else out[key] = renameMessages(v, counter);
  }
  return out;
}

async function interceptReviewWords(page: Page): Promise<void> {
  await page.route(/\/api\/(review|jobs\/\d+\/detail)(\?.*)?$/, async (route) => {
    // A page closed at the end of a test disposes of a response still being rewritten: nothing is left to show.
    if (page.isClosed()) return;
    const response = await route.fetch().catch(() => null);
    const json = response ? await response.json().catch(() => undefined) : undefined;
    if (!response || json === undefined || page.isClosed()) return;
    await route.fulfill({ response, json: renameMessages(json) }).catch(() => undefined);
  });
}

describe('review as data', () => {
  it('offers the controls of each review kind whatever the messages say, for a job older than the 10 newest', async () => {
    const { job, titles, conflictPath } = await jobWithThreeKinds();
    // Eleven newer jobs push the review job out of the dashboard's list of 10.
    for (let i = 0; i < 11; i++)
      await svc.service.jobService.create({ sourceKind: 'folder', volumeLabel: `NEWER_${i}`, contentType: 'tv' });
    expect(((await api.get('/api/jobs')).body as { id: number }[]).map((j) => j.id)).not.toContain(job.id);

    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await interceptReviewWords(page);
      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${job.id}"]`);
      await section.waitFor();
      // The navigation counts it too: the count is the service's, not the dashboard list's.
      await expect.poll(() => reviewLinkText(page)).toContain('1');
      const item = (i: number) => section.locator(`[data-testid="review-item"][data-title-id="${titles[i]!.id}"]`);
      // The words are the renamed ones: the page shows what it was sent and decides nothing from it.
      for (let i = 0; i < 3; i++)
        await expect(item(i).getByTestId('review-message').textContent()).resolves.toMatch(/^Zyx renamed \d+$/);
      await expect(section.textContent()).resolves.not.toContain('already exists');

      // low_confidence: the candidates to choose from and another episode; no library-file choice.
      const low = item(0);
      await expect(low.locator('label:has(input[type="radio"]:checked) .mono').textContent()).resolves.toBe('S01E03');
      await expect(low.getByText('Another episode').count()).resolves.toBe(1);
      await expect(low.getByText('Keep the library file').count()).resolves.toBe(0);

      // conflict: keep or replace the library file, with the path concerned.
      const conflict = item(1);
      await expect(conflict.getByText('Keep the library file').count()).resolves.toBe(1);
      await expect(conflict.getByText('Replace it with this title').count()).resolves.toBe(1);
      await expect(conflict.getByTestId('conflict-path').textContent()).resolves.toBe(conflictPath);

      // duplicate_claim: the other claimant is named; no library-file choice.
      const claim = item(2);
      await expect(claim.getByTestId('review-claim').textContent()).resolves.toContain('title 0');
      await expect(claim.getByText('Keep the library file').count()).resolves.toBe(0);

      // Deciding the conflict by clicking "replace" reaches the service as an overwrite.
      await conflict.getByText('Replace it with this title').click();
      await conflict.getByRole('button', { name: 'Save decision' }).click();
      await expect
        .poll(
          async () =>
            (
              (await api.get(`/api/jobs/${job.id}/titles`)).body as { id: number; conflict_resolution: string | null }[]
            ).find((t) => t.id === titles[1]!.id)!.conflict_resolution,
        )
        .toBe('overwrite');
      await conflict.waitFor({ state: 'detached' });

      // Typing an episode for the low-confidence title, like a person does.
      await low.getByText('Another episode').click();
      await low.getByLabel('Episode code').fill('s1e9');
      await low.getByRole('button', { name: 'Save decision' }).click();
      await expect
        .poll(
          async () =>
            (
              (await api.get(`/api/jobs/${job.id}/titles`)).body as { id: number; matched_episode: string | null }[]
            ).find((t) => t.id === titles[0]!.id)!.matched_episode,
        )
        .toBe('S01E09');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows a job's buttons from the server's actions", async () => {
    const { job } = await jobWithThreeKinds();
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await interceptReviewWords(page);
      await page.goto(`/jobs/${job.id}`);
      await page.getByTestId('job-title').waitFor();
      const bar = page.locator('.page-head');
      // In review: the server allows Continue, Re-match, Cancel and Clear (it accepts clearing a job in review).
      await bar.getByRole('button', { name: 'Continue' }).waitFor();
      for (const name of ['Re-match', 'Re-identify', 'Cancel', 'Clear'])
        await expect(bar.getByRole('button', { name, exact: true }).count(), name).resolves.toBe(1);
      await expect(bar.getByRole('button', { name: 'Retry', exact: true }).count()).resolves.toBe(0);
      await expect(page.getByTestId('review-reason').textContent()).resolves.toMatch(/Zyx renamed/);

      // The page follows the actions, not the state: a service that forbids clearing hides Clear.
      await page.route(`**/api/jobs/${job.id}/detail`, async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { actions: Record<string, boolean> };
        await route.fulfill({
          response,
          json: { ...body, actions: { ...body.actions, clear: false, rematch: false } },
        });
      });
      await page.reload();
      await bar.getByRole('button', { name: 'Continue' }).waitFor();
      await expect(bar.getByRole('button', { name: 'Clear', exact: true }).count()).resolves.toBe(0);
      await expect(bar.getByRole('button', { name: 'Re-match', exact: true }).count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
