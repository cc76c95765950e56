/**
 * The rough edges of jobs a newcomer meets on the dashboard (issue 22), each observed in Chromium against
 * the real service: a glyph the fonts lack, the season a volume label names, a skipped title's badge, and
 * clearing finished jobs at once. The review queue's rough edges: jobs-review-edges.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { openPage, screenshots } from './support/browser.ts';
import {
  api,
  browser,
  importFolder,
  settled,
  sources,
  svc,
  toastText,
  useJobsSession,
} from './support/jobs-session.ts';
import { completedFolderJob, discarded, matchDetails, tvSeasonJob } from '../support/job-fixtures.ts';

// A browser, a service and real pipelines: allow for a busy machine.
vi.setConfig({ testTimeout: 120_000 });

useJobsSession();

/** Characters of the page's text that no installed font can draw (they would show as □). */
async function glyphsWithoutFont(page: Page): Promise<string[]> {
  const text =
    (await page.locator('main').innerText()) +
    (await page
      .locator('header')
      .first()
      .innerText()
      .catch(() => ''));
  const missing: string[] = [];
  for (const ch of new Set([...text].filter((c) => c.codePointAt(0)! > 0x7e && !/\s/.test(c)))) {
    const families = execFileSync('fc-list', [`:charset=${ch.codePointAt(0)!.toString(16)}`, 'family'], {
      encoding: 'utf8',
    }).trim();
    if (families === '') missing.push(ch);
  }
  return missing;
}

describe('jobs: rough edges of the first hour on the dashboard', () => {
  it('says "No failed jobs" in words every installed font can draw', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/statistics');
      await page.getByTestId('no-errors').waitFor();
      await expect(page.getByTestId('no-errors').textContent()).resolves.toBe('No failed jobs so far.');
      expect(await glyphsWithoutFont(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('uses the season the volume label names (MY_SHOW_S1_D1): the job page and the dashboard say Season 1', async () => {
    // One 75-minute title, neither a feature nor a cluster of episodes: the label naming a season makes it TV of that season.
    // (A person declaring TV without typing a season keeps the label's too: core/test/pipeline/identification-verdict.test.ts.)
    const id = await importFolder('MY_SHOW_S1_D1', { 'title_t00.mkv': 4500 });
    const waiting = await settled(id, (b) => b.state === 'review_needed');
    expect(waiting.body).toMatchObject({ content_type: 'tv', detected_season: 1 });
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto(`/jobs/${id}`);
      await page.getByText('label names season 1').first().waitFor();
      await page.goto('/');
      const card = page.locator(`[data-testid="job-card"][data-job-id="${id}"]`);
      await card.waitFor();
      await expect(card.textContent()).resolves.toContain('Season 1');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a skipped title as "skipped (reason)", never OK 100%', async () => {
    const { jobService, db } = svc.service;
    const job = await tvSeasonJob(svc, 'SKIPPY_S1_D1', 'Skippy');
    await db.titles.replaceForJob(job.id, [
      {
        titleIndex: 0,
        durationSeconds: 1300,
        sizeBytes: 10,
        state: 'completed',
        matchedEpisode: 'S01E01',
        matchConfidence: 0.9,
        matchSource: 'local_asr',
        organizedPath: '/lib/Skippy/Season 01/Skippy - S01E01.mkv',
      },
      {
        titleIndex: 1,
        durationSeconds: 1310,
        sizeBytes: 10,
        state: 'completed',
        matchConfidence: 1,
        matchSource: 'user_review',
        matchDetailsJson: matchDetails(discarded(), 1, 'user_review'),
        discardReason: 'skipped by a person',
        discardedBy: 'person',
      },
      {
        titleIndex: 2,
        durationSeconds: 40,
        sizeBytes: 10,
        state: 'completed',
        selected: false,
        discardReason: 'shorter than 120 s',
        discardedBy: 'rule',
      },
    ]);
    for (const s of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const)
      await jobService.transition(job.id, s);
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/');
      const chips = page.locator(`[data-testid="job-card"][data-job-id="${job.id}"] [data-testid="title-chip"]`);
      await chips.first().waitFor();
      await expect(chips.allTextContents()).resolves.toEqual([
        expect.stringMatching(/#0.*S01E01.*OK/),
        expect.stringMatching(/#1.*skipped \(your decision\)/),
        expect.stringMatching(/#2.*skipped \(shorter than 120 s\)/),
      ]);
      expect((await chips.nth(1).textContent())!).not.toContain('OK');

      await page.goto(`/jobs/${job.id}`);
      const rows = page.getByTestId('title-row');
      await rows.first().waitFor();
      const skipped = await rows.nth(1).innerText();
      expect(skipped).toContain('skipped (your decision)');
      expect(skipped).not.toMatch(/\bOK\b|100\s*%/);
      expect(await rows.nth(2).innerText()).toContain('skipped (shorter than 120 s)');
      expect(await rows.nth(0).innerText()).toMatch(/OK/);
      await screenshots(page, 'job-detail-skipped-title');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('clears every finished job from the dashboard at once; history and files stay', async () => {
    const { jobService } = svc.service;
    const folder = await mkdtemp(join(sources, 'done-'));
    await writeFile(join(folder, 'title_t00.mkv'), 'kept');
    const done = await completedFolderJob(svc, 'DONE_DISC', folder);
    const failed = await jobService.create({ sourceKind: 'folder', volumeLabel: 'FAILED_DISC' });
    await jobService.transition(failed.id, 'failed', { patch: { errorMessage: 'the disc could not be read' } });
    const idle = (
      await api.post('/api/simulate/insert-disc', { volume_label: 'WAITING_DISC', simulate_ripping: false })
    ).body;
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/');
      const card = (id: number) => page.locator(`[data-testid="job-card"][data-job-id="${id}"]`);
      await card(done.id).waitFor();
      await card(failed.id).waitFor();
      await page.getByTestId('clear-finished').click();
      await card(done.id).waitFor({ state: 'detached' });
      await card(failed.id).waitFor({ state: 'detached' });
      await card(idle.id).waitFor();
      expect(await toastText(page, /Cleared \d+ finished jobs/)).toMatch(
        /They stay in the history; no file was touched/,
      );
      expect(
        await page
          .locator('[data-testid="job-card"] [data-state="completed"], [data-testid="job-card"] [data-state="failed"]')
          .count(),
      ).toBe(0);
      // Not a browser-only effect: after a reload they are still gone, and the button with them.
      await page.reload();
      await card(idle.id).waitFor();
      expect(await card(done.id).count()).toBe(0);
      expect(await page.getByTestId('clear-finished').count()).toBe(0);
      await page.goto('/history');
      await expect(page.locator('main').textContent()).resolves.toContain('DONE_DISC');
      expect(existsSync(join(folder, 'title_t00.mkv'))).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
