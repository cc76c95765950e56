/**
 * The rough edges of jobs a newcomer meets (issue 22), each observed in Chromium against the real
 * service: the season a volume label names, "Approve all" with nothing to approve, "Continue" on a
 * job in review, clearing finished jobs at once, a skipped title's badge, a glyph the fonts lack,
 * "always ask before filing", and choosing the titles to rip at identification.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiClient, eventually } from '../support/http-client.ts';
import { makeLongMkv } from '../support/make-media.ts';
import { type TestService } from '../support/service-harness.ts';
import { closeBrowserSession, openPage, screenshots, startBrowserSession } from './support/browser.ts';

// A browser, a service and real pipelines: allow for a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let svc: TestService;
let browser: Browser;
let api: ReturnType<typeof apiClient>;
let sources: string;

beforeAll(async () => {
  ({ svc, browser, api } = await startBrowserSession());
  sources = await mkdtemp(join(svc.service.config.get().staging_path!, 'sources-'));
}, 120_000);

afterAll(() => closeBrowserSession({ svc, browser }));

/** A folder of MKV files (name → seconds) inside staging, imported; returns the job id. */
async function importFolder(label: string, files: Record<string, number>): Promise<number> {
  const folder = join(sources, label);
  await mkdir(folder);
  for (const [name, seconds] of Object.entries(files)) await makeLongMkv(join(folder, name), seconds);
  const created = await api.post('/api/staging/import', { staging_path: folder });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const settled = (id: number, done: (body: Record<string, unknown>) => boolean) =>
  eventually(
    () => api.get(`/api/jobs/${id}`),
    (r) => done(r.body) || ['failed', 'completed'].includes(r.body.state),
    90_000,
  );

/** A TV job in review whose titles have no suggestion at all (nothing approve-all could take). */
async function jobWithNothingToApprove(): Promise<number> {
  const { jobService, db } = svc.service;
  const job = await jobService.create({
    sourceKind: 'folder',
    volumeLabel: 'NO_GUESS_S1_D1',
    contentType: 'tv',
    detectedTitle: 'No Guess',
    detectedSeason: 1,
  });
  await db.titles.replaceForJob(job.id, [
    {
      titleIndex: 0,
      durationSeconds: 1300,
      sizeBytes: 10,
      state: 'review',
      matchDetailsJson: null,
      filePath: '/x/a.mkv',
    },
    {
      titleIndex: 1,
      durationSeconds: 1310,
      sizeBytes: 10,
      state: 'review',
      matchDetailsJson: null,
      filePath: '/x/b.mkv',
    },
  ]);
  for (const s of ['identifying', 'ripping', 'matching'] as const) await jobService.transition(job.id, s);
  await jobService.transition(job.id, 'review_needed', {
    patch: {
      reviewReason: '2 title(s) could not be matched with enough confidence',
      reviewKind: 'titles',
      resumeState: 'organizing',
    },
  });
  return job.id;
}

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

async function toastText(page: Page, pattern: RegExp): Promise<string> {
  const toast = page.locator('.toast').filter({ hasText: pattern }).first();
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}

describe('jobs: rough edges of the first hour', () => {
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

  it('approve-all with nothing to approve says so and keeps the card; Continue names no API path', async () => {
    const id = await jobWithNothingToApprove();
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${id}"]`);
      await section.getByRole('button', { name: 'Approve all best guesses' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Nothing was approved' });
      await alert.waitFor();
      await expect(alert.textContent()).resolves.toContain('Decide each one in the review queue');
      expect(await page.locator('.toast').filter({ hasText: 'the job continues' }).count()).toBe(0);
      // The card stays, with both titles still waiting for a decision, without a reload.
      await expect(section.locator('[data-testid="review-item"]').count()).resolves.toBe(2);
      expect((await api.get(`/api/jobs/${id}`)).body.state).toBe('review_needed');
      await screenshots(page, 'review-nothing-to-approve');

      // "Continue" on the dashboard card says what to do in the UI's words.
      await page.goto('/');
      const card = page.locator(`[data-testid="job-card"][data-job-id="${id}"]`);
      await card.getByRole('button', { name: 'Continue' }).click();
      const text = await toastText(page, /waiting for a decision/);
      expect(text).toContain('Open the review queue and decide each one, or approve all best guesses');
      expect(text).not.toMatch(/\/(review|approve-all|api)\b/);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('shows a skipped title as "skipped (reason)", never OK 100%', async () => {
    const { jobService, db } = svc.service;
    const job = await jobService.create({
      sourceKind: 'folder',
      volumeLabel: 'SKIPPY_S1_D1',
      contentType: 'tv',
      detectedTitle: 'Skippy',
      detectedSeason: 1,
    });
    const skip = {
      kind: 'discarded',
      season: null,
      episode: null,
      episodeEnd: null,
      edition: null,
      confidence: 1,
      source: 'user_review',
      components: [],
      candidates: [],
    };
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
        matchDetailsJson: JSON.stringify(skip),
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
    const done = await jobService.create({
      sourceKind: 'folder',
      volumeLabel: 'DONE_DISC',
      sourcePath: folder,
      stagingPath: folder,
    });
    for (const s of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const)
      await jobService.transition(done.id, s);
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

  it('"Always ask before filing" holds a movie with its plan until the person approves it', async () => {
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/settings/library');
      const box = page.getByLabel('Always ask before filing', { exact: true });
      await box.check();
      const group = page.locator('form[data-testid^="settings-group-"]', { has: box });
      await group.getByRole('button', { name: /^Save/ }).click();
      await group.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      expect((await api.get('/api/config')).body.always_ask_before_filing).toBe(true);

      const id = await importFolder('PLANNED_MOVIE', { 'title_t00.mkv': 6010 });
      const held = await settled(id, (b) => b.state === 'review_needed');
      expect(held.body).toMatchObject({ state: 'review_needed', review_kind: 'filing' });
      const library = svc.service.config.get().library_movies_path!;
      expect(await readdir(library)).toEqual([]);

      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${id}"]`);
      await expect(section.getByTestId('plan-title').textContent()).resolves.toMatch(/Title 0.*filed as the movie/);
      await expect(section.textContent()).resolves.toContain('Check the plan before filing');
      await screenshots(page, 'review-filing-plan');
      await section.getByRole('button', { name: 'Approve and file' }).click();
      await toastText(page, /Plan approved/);
      await section.waitFor({ state: 'detached' });
      expect((await settled(id, () => false)).body.state).toBe('completed');
      const filed = await readdir(library);
      expect(filed).toHaveLength(1);
      expect(await readdir(join(library, filed[0]!))).toEqual([expect.stringMatching(/\.mkv$/)]);
      expect(errors).toEqual([]);
    } finally {
      await api.put('/api/config', { always_ask_before_filing: false });
      await close();
    }
  });

  it('lets the person choose the titles to rip, short ones included, while identifying the disc', async () => {
    // A 44-minute title the heuristic cannot place, and a one-minute clip a rule leaves out as short.
    const id = await importFolder('PICKED_DISC', { 'title_t00.mkv': 2640, 'title_t01.mkv': 60 });
    await settled(id, (b) => b.state === 'review_needed');
    const { page, errors, close } = await openPage(browser, svc.url);
    try {
      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${id}"]`);
      const choice = section.getByTestId('rip-choice');
      await choice.waitFor();
      const clip = choice.locator('[data-testid="rip-title"][data-title-index="1"]');
      const long = choice.locator('[data-testid="rip-title"][data-title-index="0"]');
      await expect(clip.textContent()).resolves.toContain('not ripped: shorter than 120 s');
      expect(await clip.getByRole('checkbox').isChecked()).toBe(false);
      expect(await long.getByRole('checkbox').isChecked()).toBe(true);

      await clip.getByRole('checkbox').check();
      await choice.locator('[data-testid="rip-title"][data-title-index="1"][data-rip="true"]').waitFor();
      await long.getByRole('checkbox').uncheck();
      await choice.locator('[data-testid="rip-title"][data-title-index="0"][data-rip="false"]').waitFor();
      await expect(long.textContent()).resolves.toContain('not ripped: your choice');
      await screenshots(page, 'review-rip-choice');

      const form = section.getByTestId('review-identify');
      await form.getByLabel('Type').selectOption('tv');
      const title = form.getByLabel('Title', { exact: true });
      await title.fill('');
      await title.pressSequentially('Picked Show');
      const season = form.getByLabel('Season', { exact: true });
      await season.fill('');
      await season.pressSequentially('2');
      await form.getByRole('button', { name: 'Use this identification' }).click();
      await section.waitFor({ state: 'detached' });

      // Identified again with a new scan: the choice holds, only the clip is ripped.
      const titles = await eventually(
        async () =>
          (await api.get(`/api/jobs/${id}/titles`)).body as {
            title_index: number;
            state: string;
            selected: boolean;
            discarded_by: string | null;
          }[],
        (ts) => ts.length === 2 && !['pending', 'ripping'].includes(ts[1]!.state),
        90_000,
      );
      expect(titles[0]).toMatchObject({ state: 'pending', selected: false, discarded_by: 'person' });
      expect(titles[1]).toMatchObject({ selected: true, discarded_by: null });
      expect(titles[1]!.state).not.toBe('failed');
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
