/**
 * What the identify and re-run browser tests share: a service in a real browser session whose TMDB
 * provider talks to a local TMDB stand-in (two series called The Office, one film), a folder the
 * heuristic cannot identify imported so its job waits in review, the identify requests a page sends,
 * and typing into a field key by key.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  SAMPLE_TOKEN,
  startTmdbServer,
  type TmdbServer,
} from '../../../plugins/provider-tmdb/test/support/tmdb-server.ts';
import { eventually, type apiClient } from '../../support/http-client.ts';
import { makeLongMkv } from '../../support/make-media.ts';
import type { TestService } from '../../support/service-harness.ts';
import { closeBrowserSession, postedBodies, startBrowserSession } from './browser.ts';

export interface IdentifySession {
  svc: TestService;
  browser: Browser;
  api: ReturnType<typeof apiClient>;
  tmdb: TmdbServer;
  /** A folder inside staging_path where the person's folders live. */
  sources: string;
}

export async function startIdentifySession(): Promise<IdentifySession> {
  const tmdb = await startTmdbServer({
    shows: [
      {
        id: 2316,
        name: 'The Office',
        first_air_date: '2005-03-24',
        popularity: 80,
        overview: 'A mockumentary on a group of typical office workers.',
      },
      {
        id: 2996,
        name: 'The Office',
        first_air_date: '2001-07-09',
        popularity: 30,
        overview: 'The lives of the staff of a paper merchant in Slough.',
      },
    ],
    movies: [{ id: 1542, title: 'Office Space', release_date: '1999-02-19', popularity: 20 }],
  });
  let browserSession: Awaited<ReturnType<typeof startBrowserSession>> | undefined;
  try {
    browserSession = await startBrowserSession({ plugin_settings: { 'provider-tmdb': { base_url: tmdb.url } } });
    const { svc, browser, api } = browserSession;
    // Imports come from inside staging_path (or IMPORT_ROOTS): the person's folders live there.
    const sources = await mkdtemp(join(svc.service.config.get().staging_path!, 'sources-'));
    await api.put('/api/config', { catalog_api_key: SAMPLE_TOKEN });
    return { svc, browser, api, tmdb, sources };
  } catch (error) {
    await closeBrowserSession(browserSession ?? {});
    await tmdb.close();
    throw error;
  }
}

export async function closeIdentifySession(session: IdentifySession | undefined): Promise<void> {
  if (!session) return;
  await closeBrowserSession(session);
  await session.tmdb.close();
}

/** Live bindings of the session `useIdentifySession()` starts before a file's tests and stops after them. */
export let svc: TestService;
export let browser: Browser;
export let api: ReturnType<typeof apiClient>;
export let sources: string;

export function useIdentifySession(): void {
  let session: IdentifySession | undefined;
  beforeAll(async () => {
    session = await startIdentifySession();
    ({ svc, browser, api, sources } = session);
  }, 90_000);
  afterAll(() => closeIdentifySession(session));
}

/** A folder with one 44-minute title (the heuristic cannot tell what it is), imported: it waits in review. */
export async function jobWaitingForIdentity(
  api: ReturnType<typeof apiClient>,
  sources: string,
  label: string,
): Promise<number> {
  const folder = join(sources, label);
  await mkdir(folder);
  await makeLongMkv(join(folder, 'title_t00.mkv'), 2640);
  const created = await api.post('/api/staging/import', { staging_path: folder });
  expect(created.status).toBe(201);
  const id = created.body.id as number;
  const waiting = await eventually(
    () => api.get(`/api/jobs/${id}`),
    (r) => ['review_needed', 'failed', 'completed'].includes(r.body.state),
    45_000,
  );
  expect(waiting.body.state).toBe('review_needed');
  expect(waiting.body.review_reason).toMatch(/confirm what this disc is/);
  return id;
}

/** The JSON bodies of every POST /api/jobs/{id}/identify the page sends. */
export const identifyRequests = (page: Page, id: number) => postedBodies(page, `/api/jobs/${id}/identify`);

/** Clears a field and types the text key by key, as a person does. */
export async function typeInto(page: Page, label: string, text: string, scope = page.locator('body')): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.fill('');
  await field.pressSequentially(text);
}
