import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUE_BASE_URL, MAX_ISSUE_URL_LENGTH, TRUNCATION_NOTE } from '../../src/diagnostics/issue-url.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';

const RIPPER_KEY = 'T-' + 'Zx9QwErTy7'.repeat(7);
const CATALOG_TOKEN = 'catalog-token-DISTINCTIVE-7d1e9a';
const PLUGIN_TOKEN = 'plugin-token-DISTINCTIVE-42b7c0';

let t: TestService;
let home: string;
let savedHome: string | undefined;
let pseudonym: string;
let failedJobId: number;

beforeAll(async () => {
  // A fake home directory holding the data directory, so paths in the report start with it.
  home = await mkdtemp(join(tmpdir(), 'spindle-home-'));
  savedHome = process.env.HOME;
  process.env.HOME = home;
  const dataDir = join(home, '.local', 'share', 'spindle');
  await mkdir(dataDir, { recursive: true });
  t = await startTestService({
    dataDir,
    config: {
      pipeline: EMPTY_PIPELINE,
      ripper_key: RIPPER_KEY,
      catalog_api_key: CATALOG_TOKEN,
      plugin_settings: { 'example-subtitles': { api_token: PLUGIN_TOKEN, language: 'en' } },
    },
  });
  pseudonym = t.service.config.get().contribution_pseudonym;
  const leak = `key ${RIPPER_KEY} token ${CATALOG_TOKEN} plugin ${PLUGIN_TOKEN} pseudonym ${pseudonym} file ${home}/Videos/disc.mkv`;
  const log = t.service.logs.logger('test');
  log.warn(`subtitle download failed: ${leak}`, { path: `${home}/Videos`, contributor: pseudonym.slice(0, 8) });
  log.error('rip failed', { detail: leak });
  const job = await t.service.db.jobs.create({
    volumeLabel: 'SHOW_S1_D1',
    sourceKind: 'folder',
    stagingPath: `${home}/staging/job_1`,
  });
  await t.service.db.jobs.transition(job.id, 'idle', 'identifying', {}, null);
  await t.service.db.jobs.transition(
    job.id,
    'identifying',
    'failed',
    { errorMessage: `Catalog lookup failed: ${leak}` },
    `failed: ${leak}`,
  );
  failedJobId = job.id;
});

afterAll(async () => {
  await t.close();
  process.env.HOME = savedHome;
  await rm(home, { recursive: true, force: true });
});

async function report(query = '') {
  const res = await fetch(`${t.url}/api/diagnostics/report${query}`);
  return {
    status: res.status,
    body: (await res.json()) as { report: string; issue_url: string; error?: { code: string; message: string } },
  };
}

function expectClean(text: string): void {
  for (const secret of [RIPPER_KEY, CATALOG_TOKEN, PLUGIN_TOKEN, pseudonym, pseudonym.slice(0, 8), home]) {
    expect(text, `leaks ${secret}`).not.toContain(secret);
  }
}

describe('GET /api/diagnostics/report', () => {
  it('answers a report with system info, plugins and recent problems, and a pre-filled issue URL', async () => {
    const res = await report();
    expect(res.status).toBe(200);
    const text = res.body.report;
    expect(text).toContain('# Spindle diagnostics report');
    expect(text).toContain(`Node.js: ${process.version}`);
    expect(text).toMatch(/OS: .+ \(linux, /);
    expect(text).toMatch(/Memory: [\d.]+ GiB total/);
    expect(text).toContain('Database: `~/.local/share/spindle/spindle.db`');
    expect(text).toContain('## Plugins');
    expect(text).toContain('[test] subtitle download failed');
    expect(text).toContain('ERROR [test] rip failed');
    expect(text).toContain('Ripper key: set; catalog API key: set');
    expect(text).not.toContain('## Job');
    const url = new URL(res.body.issue_url);
    expect(res.body.issue_url.startsWith(`${ISSUE_BASE_URL}?title=`)).toBe(true);
    expect(url.searchParams.get('body')).toBe(text);
    expect(url.searchParams.get('title')).toMatch(/^Bug report/);
  });

  it('never contains a secret, the pseudonym or the home directory (report and URL)', async () => {
    const res = await report(`?job_id=${failedJobId}`);
    expect(res.status).toBe(200);
    expectClean(res.body.report);
    expectClean(decodeURIComponent(res.body.issue_url));
    expectClean(res.body.issue_url);
    expect(res.body.report).toContain('~/Videos/disc.mkv');
    expect(res.body.report).toContain('<pseudonym>');
  });

  it('adds the job’s state, error and timeline with job_id', async () => {
    const { status, body } = await report(`?job_id=${failedJobId}`);
    expect(status).toBe(200);
    expect(body.report).toContain(`## Job ${failedJobId}`);
    expect(body.report).toContain('- State: failed');
    expect(body.report).toContain('- Error: Catalog lookup failed: key ***');
    expect(body.report).toMatch(/\(new\)|idle → identifying/);
    expect(body.report).toMatch(/identifying → failed: failed: key \*\*\*/);
    expect(new URL(body.issue_url).searchParams.get('title')).toContain(`job ${failedJobId}`);
  });

  it('answers 404 for an unknown job and 400 for a job_id that is not a positive integer', async () => {
    expect(await report('?job_id=999999')).toMatchObject({ status: 404, body: { error: { code: 'job_not_found' } } });
    for (const bad of ['0', '-1', 'abc', '1.5', '99999999999', '']) {
      const res = await report(`?job_id=${bad}`);
      expect(res.status, `job_id=${bad}`).toBe(400);
      expect(res.body.error!.message).toContain('job_id');
    }
    expect((await report('?job_id=1&job_id=2')).status).toBe(400);
    expect((await report('?verbose=1')).status).toBe(400);
  });

  it('keeps the issue URL under 8000 characters when the log is long', async () => {
    const log = t.service.logs.logger('flood');
    for (let i = 0; i < 120; i++) log.warn(`problem ${i}: ${'x'.repeat(300)} ${CATALOG_TOKEN} ${home}/f${i}`);
    const res = await report(`?job_id=${failedJobId}`);
    expect(res.status).toBe(200);
    expect(res.body.issue_url.length).toBeLessThan(MAX_ISSUE_URL_LENGTH);
    const body = new URL(res.body.issue_url).searchParams.get('body')!;
    expect(body.endsWith(TRUNCATION_NOTE)).toBe(true);
    expect(body).toContain(`## Job ${failedJobId}`);
    expect(res.body.report).toContain('problem 119');
    expectClean(res.body.report);
  });
});
