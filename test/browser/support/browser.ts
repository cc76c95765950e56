/**
 * Browser-test support: Debian's Chromium driven by playwright-core (no downloaded browser),
 * one browser per test file, a page per test that fails the test on any page error, the UI
 * built when ui/dist is missing or older than its sources, and screenshots at desktop and phone
 * width written to test-artifacts/screenshots/.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiClient } from '../../support/http-client.ts';
import { startTestService, type TestService } from '../../support/service-harness.ts';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const UI = join(REPO, 'ui');
const DIST_INDEX = join(UI, 'dist', 'index.html');
export const SCREENSHOTS = join(REPO, 'test-artifacts', 'screenshots');
export const CHROMIUM = process.env.SPINDLE_CHROMIUM ?? '/usr/bin/chromium';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

/** Quiet, offline Chromium: no background networking, updates, sync or QUIC. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const GENERATED = join(UI, 'src', 'lib', 'api', 'generated.ts');
/** What the generated API client is made from: core's routes, wire shapes, config fields; the SDK's events. */
const API_INPUTS = [
  'core/src/http',
  'core/src/config',
  'core/src/app/routes.ts',
  'plugin-sdk/src/events.ts',
  'plugin-sdk/src/values.ts',
  'ui/scripts',
].map((p) => join(REPO, p));

function mtime(path: string): number {
  if (!existsSync(path)) return 0;
  return statSync(path).isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
}

/**
 * Does what `npm run build --workspace @spindle/ui` does when its inputs changed (so `vitest run`
 * alone works): regenerates the API client when core's routes may have changed, and builds the
 * UI when ui/dist is missing or older than its sources. A lock directory keeps parallel test
 * files from building at the same time.
 */
export function ensureUiBuilt(): void {
  const clientStale = () => Math.max(...API_INPUTS.map(mtime)) > mtime(GENERATED);
  const distStale = () => mtime(DIST_INDEX) < Math.max(mtime(join(UI, 'src')), mtime(join(UI, 'index.html')));
  if (!clientStale() && !distStale()) return;
  const lock = join(UI, '.build-lock');
  const until = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > until)
        throw new Error(`timed out waiting for another test file to build the UI (remove ${lock} if no build runs)`);
      execFileSync(process.execPath, ['-e', 'setTimeout(() => {}, 250)']);
    }
  }
  try {
    const require = createRequire(join(UI, 'package.json'));
    if (clientStale()) {
      execFileSync(process.execPath, [require.resolve('tsx/cli'), join(UI, 'scripts', 'generate-api-client.ts')], {
        cwd: UI,
        stdio: 'inherit',
      });
    }
    if (distStale()) {
      const viteCli = join(require.resolve('vite/package.json'), '..', 'bin', 'vite.js');
      execFileSync(process.execPath, [viteCli, 'build', '--logLevel', 'warn'], { cwd: UI, stdio: 'inherit' });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** `extraArgs`: more Chromium switches (e.g. `--host-resolver-rules` for the DNS-rebinding test). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium is not installed at ${CHROMIUM}: run \`bash test/setup/ensure-system-packages.sh\` (apt-get install chromium)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    timeout: 60_000,
  });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** A fresh context (own storage) and page; page errors are collected for `expectNoPageErrors`. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: DESKTOP,
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: 'reduce',
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // A refused WebSocket while the service restarts is expected; everything else is a bug.
    if (message.type() === 'error' && !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(message.text()))
      errors.push(`console: ${message.text()}`);
  });
  return { page, context, errors, close: () => context.close() };
}

/** Screenshots of the current page at desktop and phone width, full page. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  // Sticky headers are drawn where the page is scrolled to: start from the top.
  await page.evaluate('scrollTo(0, 0)');
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}-phone.png`), fullPage: true });
  // Responsive down to a phone: nothing may make the page scroll sideways (wide tables scroll in their own box).
  const overflow = (await page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > width + 1 && !el.closest('.table-wrap'));
    return document.documentElement.scrollWidth + 'px wide: ' + wide.slice(0, 5).map((el) => el.tagName.toLowerCase() + '.' + el.className).join(', ');
  })()`)) as string | null;
  if (overflow) throw new Error(`${name}: the page is wider than a ${PHONE.width} px phone (${overflow})`);
  await page.setViewportSize(before);
}

/** Folders for staging and the two libraries, so a test service does not open the setup wizard. */
export async function libraryFolders(): Promise<{
  staging_path: string;
  library_movies_path: string;
  library_tv_path: string;
}> {
  const root = await mkdtemp(join(tmpdir(), 'spindle-ui-'));
  const paths = {
    staging_path: join(root, 'staging'),
    library_movies_path: join(root, 'Movies'),
    library_tv_path: join(root, 'TV'),
  };
  for (const p of Object.values(paths)) mkdirSync(p);
  return paths;
}

export interface BrowserSession {
  svc: TestService;
  browser: Browser;
  api: ReturnType<typeof apiClient>;
}

/** The UI built, a DEBUG test service with library folders (plus `config`) and a browser, started together. */
export async function startBrowserSession(config: Record<string, unknown> = {}): Promise<BrowserSession> {
  ensureUiBuilt();
  const [svc, browser] = await Promise.all([
    libraryFolders().then((paths) => startTestService({ config: { ...paths, ...config }, env: { DEBUG: 'true' } })),
    launchBrowser(),
  ]);
  return { svc, browser, api: apiClient(svc.url) };
}

export async function closeBrowserSession(session: { svc?: TestService; browser?: Browser }): Promise<void> {
  await session.browser?.close();
  await session.svc?.close();
}

/** The JSON bodies of every POST to `path` the page sends, collected as they go out. */
export function postedBodies(page: Page, path: string): unknown[] {
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) bodies.push(request.postDataJSON());
  });
  return bodies;
}

/** The dashboard's "Import a folder" form, opened the way a person does. */
export async function openImportForm(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Import a folder' }).click();
  return page.getByTestId('import-form');
}

/** The text of the navigation's Review link (it carries the count of jobs waiting for review). */
export const reviewLinkText = (page: Page) =>
  page
    .getByRole('link', { name: /Review/ })
    .first()
    .textContent();
