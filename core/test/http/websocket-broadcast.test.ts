import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectWs } from '../../../test/support/ws-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';

let svc: TestService | null = null;
afterEach(async () => {
  await svc?.close();
  svc = null;
});

describe('WebSocket /ws', () => {
  it('delivers every job state transition, in order, to a connected client', async () => {
    svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE } });
    const ws = await connectWs(svc.url);
    const { jobService } = svc.service;
    const job = await jobService.create({ sourceKind: 'folder', volumeLabel: 'SHOW_S1_D1' });
    for (const to of ['identifying', 'ripping', 'matching', 'organizing', 'completed'] as const) {
      await jobService.transition(job.id, to);
    }
    const done = await ws.waitFor((m) => m.type === 'job_update' && m.state === 'completed');
    expect(done).toMatchObject({ job_id: job.id, progress_percent: 100, error_message: null });
    const states = ws.messages.filter((m) => m.type === 'job_update' && m.job_id === job.id).map((m) => m.state);
    expect(states).toEqual(['idle', 'identifying', 'ripping', 'matching', 'organizing', 'completed']);
    await ws.close();
  });

  it('persists a transition before broadcasting it', async () => {
    svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE } });
    const ws = await connectWs(svc.url);
    const { jobService, db } = svc.service;
    const job = await jobService.create({ sourceKind: 'folder', volumeLabel: 'DISC' });
    const storedAtBroadcast: string[] = [];
    svc.service.bus.on('job.state_changed', (e) => {
      void db.jobs.get(e.jobId).then((j) => storedAtBroadcast.push(j!.state));
    });
    await jobService.transition(job.id, 'identifying');
    await jobService.transition(job.id, 'failed', { patch: { errorMessage: 'Disc unreadable' } });
    const failed = await ws.waitFor((m) => m.type === 'job_update' && m.state === 'failed');
    expect(failed.error_message).toBe('Disc unreadable');
    await expect.poll(() => storedAtBroadcast.length).toBe(2); // each read of the row settles on its own time
    expect(storedAtBroadcast).toEqual(['identifying', 'failed']);
    const stored = await db.jobs.get(job.id);
    expect(stored?.completedAt).toBeInstanceOf(Date);
    await ws.close();
  });

  it('refuses a transition the state machine forbids and broadcasts nothing for it', async () => {
    svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE } });
    const ws = await connectWs(svc.url);
    const job = await svc.service.jobService.create({ sourceKind: 'folder', volumeLabel: 'DISC' });
    await expect(svc.service.jobService.transition(job.id, 'completed')).rejects.toMatchObject({
      code: 'invalid_transition',
      kind: 'conflict',
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(ws.messages.filter((m) => m.type === 'job_update').map((m) => m.state)).toEqual(['idle']);
    expect((await svc.service.db.jobs.get(job.id))?.state).toBe('idle');
    await ws.close();
  });

  it('throttles progress so a fast stage cannot flood clients, and still delivers the latest value', async () => {
    svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE }, gateway: { progressIntervalMs: 100 } });
    const ws = await connectWs(svc.url);
    const { jobService } = svc.service;
    const job = await jobService.create({ sourceKind: 'folder', volumeLabel: 'FAST' });
    await jobService.transition(job.id, 'identifying');
    await jobService.transition(job.id, 'ripping');
    const started = Date.now();
    for (let i = 1; i <= 200; i++) {
      await jobService.progress(job.id, {
        percent: i / 2,
        speed: '9.9x',
        etaSeconds: 200 - i,
        currentTitle: 1,
        totalTitles: 3,
      });
    }
    const elapsed = Date.now() - started;
    const last = await ws.waitFor((m) => m.type === 'job_update' && m.progress_percent === 100);
    expect(last).toMatchObject({ state: 'ripping', current_speed: '9.9x', eta_seconds: 0, total_titles: 3 });
    const progressMessages = ws.messages.filter((m) => m.type === 'job_update' && m.state === 'ripping');
    // At most one message per 100 ms window (plus the leading and trailing one).
    expect(progressMessages.length).toBeLessThanOrEqual(Math.ceil(elapsed / 100) + 3);
    expect(progressMessages.length).toBeLessThan(50);
    await ws.close();
  });

  it('sends heartbeats and closes sockets on other paths', async () => {
    svc = await startTestService({ config: { pipeline: EMPTY_PIPELINE }, gateway: { heartbeatMs: 50 } });
    const ws = await connectWs(svc.url);
    await ws.waitFor((m) => m.type === 'ping', 2000);
    await ws.close();
    const other = new WebSocket(svc.url.replace('http', 'ws') + '/not-ws');
    const code = await new Promise<number>((resolve) => other.on('close', (c) => resolve(c)));
    expect(code).toBe(1008);
  });
});
