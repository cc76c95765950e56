/**
 * One browser session per test file: `useBrowserSession()` registers the start (the UI built, a
 * DEBUG test service with library folders, Chromium) and the stop; the bindings below are live, so
 * a test file imports them and reads them inside its tests. `sources: true` also makes a folder
 * inside staging_path where the person's folders live (imports come from inside staging_path).
 */
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { apiClient } from '../../support/http-client.ts';
import type { TestService } from '../../support/service-harness.ts';
import { closeBrowserSession, startBrowserSession } from './browser.ts';

export let svc: TestService;
export let browser: Browser;
export let api: ReturnType<typeof apiClient>;
/** With `sources: true`: a folder inside staging_path where the person's folders live. */
export let sources: string;

export interface SessionOptions {
  /** Config the service starts with, on top of the library folders. */
  config?: Record<string, unknown>;
  sources?: boolean;
  /** How long the start may take on a busy machine. */
  timeout?: number;
}

export function useBrowserSession(options: SessionOptions = {}): void {
  beforeAll(async () => {
    ({ svc, browser, api } = await startBrowserSession(options.config));
    if (options.sources) sources = await mkdtemp(join(svc.service.config.get().staging_path!, 'sources-'));
  }, options.timeout ?? 120_000);

  afterAll(() => closeBrowserSession({ svc, browser }));
}
