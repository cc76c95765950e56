import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AbortedError, SpindleError, type CatalogProvider, type SubtitleProvider } from '../src/index.ts';
import { createFakeContext, createFakeSetup, MemoryKeyValueStore } from '../src/testing/index.ts';

const node = process.execPath;

/** True while a process runs (a zombie left to a non-reaping init counts as gone). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform !== 'linux') return true;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
}

describe('createFakeContext', () => {
  it('gives a real temp work folder that dispose() removes', async () => {
    const ctx = await createFakeContext();
    expect(existsSync(ctx.workDir)).toBe(true);
    expect(existsSync(ctx.host.dataDir)).toBe(true);
    await ctx.dispose();
    expect(existsSync(ctx.workDir)).toBe(false);
  });

  it('records log entries and progress updates', async () => {
    const ctx = await createFakeContext();
    ctx.logger.info('scanning', { titles: 3 });
    ctx.logger.warn('slow drive');
    ctx.progress.report({ fraction: 0.5, currentTitle: 1 });
    ctx.progress.report({ fraction: 1 });
    expect(ctx.logger.entries).toEqual([
      { level: 'info', message: 'scanning', fields: { titles: 3 } },
      { level: 'warn', message: 'slow drive', fields: undefined },
    ]);
    expect(ctx.logger.messages('warn')).toEqual(['slow drive']);
    expect(ctx.progress.fractions()).toEqual([0.5, 1]);
    expect(ctx.progress.last()).toEqual({ fraction: 1 });
    await ctx.dispose();
  });

  it('fires its signal with an AbortedError on abort(), or starts aborted', async () => {
    const ctx = await createFakeContext();
    expect(ctx.signal.aborted).toBe(false);
    ctx.abort();
    expect(ctx.signal.aborted).toBe(true);
    expect(ctx.signal.reason).toBeInstanceOf(AbortedError);
    await ctx.dispose();
    const aborted = await createFakeContext({ aborted: true });
    expect(aborted.signal.aborted).toBe(true);
    await aborted.dispose();
  });

  it('reads plugin settings, app settings and providers from plain objects', async () => {
    const catalog = { status: () => ({ healthy: true, message: null }) } as unknown as CatalogProvider;
    const subtitlesA = { quota: () => ({ remaining: 1, resetsAt: null }) } as unknown as SubtitleProvider;
    const subtitlesB = { quota: () => ({ remaining: 2, resetsAt: null }) } as unknown as SubtitleProvider;
    const ctx = await createFakeContext({
      settings: { threshold: 3 },
      appSettings: { media_tool_path: '/usr/bin/ffmpeg', nested: { a: 1 } },
      providers: { catalog, subtitles: [subtitlesA, subtitlesB] },
    });
    expect(ctx.settings).toEqual({ threshold: 3 });
    expect(ctx.setting('media_tool_path')).toBe('/usr/bin/ffmpeg');
    expect(ctx.setting('library_tv_path')).toBeUndefined();
    (ctx.setting('nested') as { a: number }).a = 2;
    expect(ctx.setting('nested')).toEqual({ a: 1 });
    expect(ctx.providers.get('catalog')).toBe(catalog);
    expect(ctx.providers.get('subtitles')).toBe(subtitlesA);
    expect(ctx.providers.all('subtitles')).toEqual([subtitlesA, subtitlesB]);
    expect(ctx.providers.get('ai')).toBeNull();
    expect(ctx.providers.all('ai')).toEqual([]);
    await ctx.dispose();
  });

  it('createFakeSetup gives a factory what it needs', async () => {
    const setup = await createFakeSetup({ settings: { a: 1 }, store: { seen: true } });
    expect(setup.settings).toEqual({ a: 1 });
    expect(await setup.store.get('seen')).toBe(true);
    expect(setup.host.platform).toBe(process.platform);
    expect(existsSync(setup.host.dataDir)).toBe(true);
    await setup.dispose();
    expect(existsSync(setup.host.dataDir)).toBe(false);
  });
});

describe('MemoryKeyValueStore', () => {
  it('stores copies, lists keys by prefix and deletes', async () => {
    const store = new MemoryKeyValueStore();
    const value = { list: [1, 2] };
    await store.set('cache:a', value);
    await store.set('cache:b', 2);
    await store.set('other', 'x');
    value.list.push(3);
    expect(await store.get('cache:a')).toEqual({ list: [1, 2] });
    expect(await store.keys('cache:')).toEqual(['cache:a', 'cache:b']);
    await store.delete('cache:a');
    expect(await store.get('cache:a')).toBeUndefined();
    expect(store.snapshot()).toEqual({ 'cache:b': 2, other: 'x' });
  });
});

describe('fake context process runner', () => {
  it('runs without a shell and delivers output line by line', async () => {
    const ctx = await createFakeContext();
    const out: string[] = [];
    const err: string[] = [];
    const script =
      "process.stdout.write('a\\r\\nb\\n' + process.argv[1] + '\\nno-newline'); process.stderr.write('warn\\n'); process.exit(3)";
    const result = await ctx.processes.run(node, ['-e', script, '$HOME; echo injected'], {
      onStdoutLine: (l) => out.push(l),
      onStderrLine: (l) => err.push(l),
    });
    expect(result.exitCode).toBe(3);
    expect(result.aborted).toBe(false);
    expect(out).toEqual(['a', 'b', '$HOME; echo injected', 'no-newline']);
    expect(err).toEqual(['warn']);
    expect(result.stderr).toBe('warn\n');
    await ctx.dispose();
  });

  it('passes cwd, extra environment and standard input', async () => {
    const ctx = await createFakeContext();
    const script =
      "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>console.log(process.cwd(), process.env.SPINDLE_X, Boolean(process.env.PATH), s))";
    const result = await ctx.processes.run(node, ['-e', script], {
      cwd: ctx.workDir,
      env: { SPINDLE_X: 'yes' },
      input: 'hello',
    });
    expect(result.stdout.trim()).toBe(`${ctx.workDir} yes true hello`);
    await ctx.dispose();
  });

  it('kills the whole process tree when the signal fires', async () => {
    const ctx = await createFakeContext();
    const pidFile = join(ctx.workDir, 'grandchild.pid');
    const script = `const c=require('child_process').spawn(process.execPath,['-e','setTimeout(()=>{},60000)'],{stdio:'ignore'});require('fs').writeFileSync(${JSON.stringify(pidFile)},String(c.pid));console.log('started');setTimeout(()=>{},60000)`;
    const run = ctx.processes.run(node, ['-e', script], { onStdoutLine: () => ctx.abort() });
    const result = await run;
    expect(result.aborted).toBe(true);
    const grandchild = Number(await readFile(pidFile, 'utf8'));
    await new Promise((r) => setTimeout(r, 200));
    expect(isRunning(grandchild)).toBe(false);
    await ctx.dispose();
  });

  it('rejects with process_timed_out after timeoutMs', async () => {
    const ctx = await createFakeContext();
    const started = Date.now();
    const error = await ctx.processes
      .run(node, ['-e', 'setTimeout(()=>{},60000)'], { timeoutMs: 300 })
      .catch((e: unknown) => e);
    expect(SpindleError.is(error) && error.code).toBe('process_timed_out');
    expect(Date.now() - started).toBeLessThan(20_000); // the child would run a minute
    await ctx.dispose();
  });

  it('rejects with process_not_found for a missing executable, and resolves aborted when already aborted', async () => {
    const ctx = await createFakeContext();
    const error = await ctx.processes.run(join(ctx.workDir, 'no-such-tool'), []).catch((e: unknown) => e);
    expect(SpindleError.is(error) && error.code).toBe('process_not_found');
    ctx.abort();
    expect(await ctx.processes.run(node, ['-e', '1'])).toEqual({
      exitCode: null,
      stdout: '',
      stderr: '',
      aborted: true,
    });
    await ctx.dispose();
  });
});

describe('fake context HTTP client', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req
        .on('data', (d: Buffer) => (body += d.toString()))
        .on('end', () => {
          if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2000);
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization ?? null, body }));
        });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends method, headers and body and reads the answer more than once', async () => {
    const ctx = await createFakeContext();
    const response = await ctx.http.request(`${base}/echo`, {
      method: 'POST',
      headers: { authorization: 'Bearer t' },
      body: 'hi',
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(await response.json()).toEqual({ method: 'POST', auth: 'Bearer t', body: 'hi' });
    expect(await response.text()).toContain('"POST"');
    await ctx.dispose();
  });

  it('times out and aborts with coded errors', async () => {
    const ctx = await createFakeContext();
    const timedOut = await ctx.http.request(`${base}/slow`, { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(SpindleError.is(timedOut) && timedOut.code).toBe('http_timed_out');
    const pending = ctx.http.request(`${base}/slow`).catch((e: unknown) => e);
    ctx.abort();
    expect(await pending).toBeInstanceOf(AbortedError);
    await ctx.dispose();
  });
});
