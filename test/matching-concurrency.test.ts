/**
 * The title matching rule: at most max_concurrent_matches titles are MATCHING at once, the rest
 * wait QUEUED and enter matching in title order. Proven with a slow matcher and the live
 * title_update events of a real job.
 */
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importFolder, tvSeason, untilSettled } from './support/folder-import.ts';
import { apiClient, eventually } from './support/http-client.ts';
import { makeLongMkv } from './support/make-media.ts';
import { startTestService, type TestService } from './support/service-harness.ts';
import { connectWs } from './support/ws-client.ts';

let svc: TestService | null = null;
afterAll(() => svc?.close());

describe('QUEUED concurrency', () => {
  it('never has more than max_concurrent_matches titles MATCHING, and starts them in title order', async () => {
    const root = await mkdtemp(join(tmpdir(), 'spindle-queue-'));
    const folder = join(root, 'staging', 'QUEUE_SHOW_D1');
    await mkdir(folder, { recursive: true });
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => makeLongMkv(join(folder, `t0${i}.mkv`), 1300 + i)));
    svc = await startTestService({
      pluginPaths: [fileURLToPath(new URL('./fixtures/third-party-plugins', import.meta.url))],
      config: {
        staging_path: join(root, 'staging'),
        max_concurrent_matches: 2,
        pipeline: { matchers: ['order-guess'], organizer: null },
        plugin_settings: { 'order-guess': { confidence: 0.9, delay_ms: 250 } },
      },
    });
    const ws = await connectWs(svc.url);
    const api = apiClient(svc.url);
    const id = await importFolder(api, { staging_path: folder, ...tvSeason('Queue Show') });
    // No organizer is configured: the job fails in organizing, after matching every title.
    await untilSettled(api, `/api/jobs/${id}`, 30_000);
    const updates = ws.messages.filter((m) => m.type === 'title_update' && m.job_id === id) as {
      title_index: number;
      state: string;
    }[];
    const current = new Map<number, string>();
    let most = 0;
    const started: number[] = [];
    for (const u of updates) {
      current.set(u.title_index, u.state);
      if (u.state === 'matching') started.push(u.title_index);
      most = Math.max(most, [...current.values()].filter((s) => s === 'matching').length);
    }
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect([...current.values()].every((s) => s === 'matched')).toBe(true);
    await ws.close();
  });
});
