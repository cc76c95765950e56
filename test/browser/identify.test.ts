/**
 * Saying what a disc is, in a real browser against the real service and the real TMDB provider
 * (talking to a local TMDB stand-in): a folder the heuristic cannot identify waits in review;
 * from the review queue and from the job's page a person types every field of the identify form
 * (numbers included) or picks a catalog search result, and the request sent carries integers.
 */
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_TOKEN } from '../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import { OFFICE_SEASON_2_BODY } from '../../ui/test/support/identify-samples.ts';
import { eventually } from '../support/http-client.ts';
import { openPage, screenshots } from './support/browser.ts';
import {
  identifyRequests,
  jobWaitingForIdentity,
  typeInto,
  api,
  browser,
  sources,
  svc,
  useIdentifySession,
} from './support/identify-session.ts';

// A browser, a service and a real identification per test: allow for a busy machine.
vi.setConfig({ testTimeout: 90_000 });

useIdentifySession();

describe('identify form', () => {
  it('identifies a job from the review queue with every field typed, numbers included', async () => {
    const id = await jobWaitingForIdentity(api, sources, 'MYSTERY_ONE');
    const { page, errors, close } = await openPage(browser, svc.url);
    const sent = identifyRequests(page, id);
    try {
      await page.goto('/review');
      const section = page.locator(`[data-testid="review-job"][data-job-id="${id}"]`);
      const form = section.getByTestId('review-identify');
      await form.waitFor();
      await expect(section.textContent()).resolves.toContain('confirm what this disc is');
      await form.getByLabel('Type').selectOption('tv');
      await typeInto(page, 'Title', 'The Office', form);
      await typeInto(page, 'Season', '2', form);
      await typeInto(page, 'Year', '2005', form);
      await typeInto(page, 'TMDB id', '2316', form);
      await typeInto(page, 'Disc number', '3', form);
      await screenshots(page, 'review-identify');
      await form.getByRole('button', { name: 'Use this identification' }).click();

      // The job leaves the queue: it is identified again with what was typed.
      await section.waitFor({ state: 'detached' });
      expect(sent).toEqual([OFFICE_SEASON_2_BODY]);
      const job = (await api.get(`/api/jobs/${id}`)).body;
      expect(job).toMatchObject({ identity_declared: true, ...OFFICE_SEASON_2_BODY });
      const detail = await eventually(
        () => api.get(`/api/jobs/${id}/detail`),
        (r) => (r.body.timeline as { to: string }[]).length > 2,
      );
      expect((detail.body.timeline as { to: string; message: string | null }[])[2]).toMatchObject({
        to: 'identifying',
      });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('identifies from the job page: a catalog search result fills the id, then typed numbers replace it', async () => {
    const id = await jobWaitingForIdentity(api, sources, 'MYSTERY_TWO');
    const { page, errors, close } = await openPage(browser, svc.url);
    const sent = identifyRequests(page, id);
    try {
      // Without a catalog key the search says what to set.
      await api.put('/api/config', { catalog_api_key: null });
      await page.goto(`/jobs/${id}`);
      const form = page.getByTestId('identify-inline');
      await form.waitFor();
      // A lone 44-minute title is offered as a film (low confidence); the person knows it is a series.
      await form.getByLabel('Type').selectOption('tv');
      await typeInto(page, 'Title', 'office', form);
      await form.getByTestId('catalog-search').click();
      await expect(form.getByTestId('catalog-search-error').textContent()).resolves.toContain(
        'enter your TMDB Read Access Token under Settings',
      );

      await api.put('/api/config', { catalog_api_key: SAMPLE_TOKEN });
      await form.getByLabel('Title', { exact: true }).press('Enter'); // Enter in the title searches, it does not submit
      const results = form.getByTestId('catalog-result');
      await expect.poll(() => results.count(), { timeout: 15_000 }).toBe(2);
      const listed = await form.getByTestId('catalog-results').textContent();
      expect(listed).toContain('The Office (2005)');
      expect(listed).toContain('paper merchant in Slough');
      expect(sent).toEqual([]);
      await form.locator('[data-testid="catalog-result"][data-catalog-id="2996"]').click();
      expect(await form.getByLabel('TMDB id', { exact: true }).inputValue()).toBe('2996');
      expect(await form.getByLabel('Title', { exact: true }).inputValue()).toBe('The Office');
      expect(await form.getByLabel('Year', { exact: true }).inputValue()).toBe('2001');
      await expect(form.locator('[data-catalog-id="2996"]').getAttribute('aria-pressed')).resolves.toBe('true');
      await screenshots(page, 'job-detail-identify');

      // Every field typed by hand over what the search filled in.
      await typeInto(page, 'TMDB id', '2316', form);
      await typeInto(page, 'Year', '2005', form);
      await typeInto(page, 'Season', '4', form);
      await typeInto(page, 'Disc number', '1', form);
      await typeInto(page, 'Title', 'The Office (US)', form);
      await form.getByRole('button', { name: 'Use this identification' }).click();

      await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
      expect(sent[0]).toEqual({
        content_type: 'tv',
        detected_title: 'The Office (US)',
        catalog_id: 2316,
        detected_year: 2005,
        disc_number: 1,
        detected_season: 4,
      });
      // The page follows the job: identified again, the form leaves and the facts show what was said.
      await page.getByTestId('identify-inline').waitFor({ state: 'detached' });
      // The form leaves on the live state change; the facts follow when the job is read again.
      await expect.poll(() => page.getByTestId('job-title').textContent(), { timeout: 15_000 }).toBe('The Office (US)');
      const job = (await api.get(`/api/jobs/${id}`)).body;
      expect(job).toMatchObject({
        identity_declared: true,
        detected_title: 'The Office (US)',
        detected_season: 4,
        detected_year: 2005,
        catalog_id: 2316,
        disc_number: 1,
      });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('refuses a fraction in a number field without sending anything', async () => {
    const id = await jobWaitingForIdentity(api, sources, 'MYSTERY_THREE');
    const { page, errors, close } = await openPage(browser, svc.url);
    const sent = identifyRequests(page, id);
    try {
      await page.goto(`/jobs/${id}`);
      const form = page.getByTestId('identify-inline');
      await typeInto(page, 'Title', 'Office Space', form);
      await form.getByLabel('Type').selectOption('movie');
      await expect(form.getByLabel('Season', { exact: true }).count()).resolves.toBe(0);
      await typeInto(page, 'Disc number', '1.5', form);
      await form.getByRole('button', { name: 'Use this identification' }).click();
      // The browser's own check (step 1) stops the submit; the field says why.
      expect(
        await form
          .getByLabel('Disc number', { exact: true })
          .evaluate((el) => (el as unknown as { validity: { stepMismatch: boolean } }).validity.stepMismatch),
      ).toBe(true);
      await typeInto(page, 'Disc number', '2', form);
      await typeInto(page, 'Year', '1999', form);
      await typeInto(page, 'TMDB id', '1542', form);
      await form.getByRole('button', { name: 'Use this identification' }).click();
      await expect.poll(() => sent.length, { timeout: 15_000 }).toBe(1);
      expect(sent).toEqual([
        {
          content_type: 'movie',
          detected_title: 'Office Space',
          catalog_id: 1542,
          detected_year: 1999,
          disc_number: 2,
        },
      ]);
      const job = await eventually(
        () => api.get(`/api/jobs/${id}`),
        (r) => r.body.identity_declared === true,
      );
      expect(job.body).toMatchObject({
        content_type: 'movie',
        detected_title: 'Office Space',
        detected_season: null,
        detected_year: 1999,
        catalog_id: 1542,
        disc_number: 2,
      });
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
