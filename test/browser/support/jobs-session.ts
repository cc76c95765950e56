/**
 * What the jobs rough-edges browser tests share: the real service in a Chromium session
 * (`useJobsSession()` registers its start and stop; the bindings below are live), a folder inside
 * staging for the person's folders, importing one, waiting for a job to settle, and reading a toast.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { eventually } from '../../support/http-client.ts';
import { makeLongMkv } from '../../support/make-media.ts';
import { api, sources, useBrowserSession } from './session.ts';

export { api, browser, sources, svc } from './session.ts';

export function useJobsSession(): void {
  useBrowserSession({ sources: true });
}

/** A folder of MKV files (name → seconds) inside staging, imported; returns the job id. */
export async function importFolder(label: string, files: Record<string, number>): Promise<number> {
  const folder = join(sources, label);
  await mkdir(folder);
  for (const [name, seconds] of Object.entries(files)) await makeLongMkv(join(folder, name), seconds);
  const created = await api.post('/api/staging/import', { staging_path: folder });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

export const settled = (id: number, done: (body: Record<string, unknown>) => boolean) =>
  eventually(
    () => api.get(`/api/jobs/${id}`),
    (r) => done(r.body) || ['failed', 'completed'].includes(r.body.state),
    90_000,
  );

/** The text of the first toast matching `pattern`, once it shows. */
export async function toastText(page: Page, pattern: RegExp): Promise<string> {
  const toast = page.locator('.toast').filter({ hasText: pattern }).first();
  await toast.waitFor();
  return (await toast.textContent()) ?? '';
}
