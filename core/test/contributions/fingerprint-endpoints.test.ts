import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RecordingLogger } from '@spindle/plugin-sdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/support/http-client.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from '../../../test/support/service-harness.ts';
import { ClientGateway } from '../../src/http/client-gateway.ts';
import { createHttpApp } from '../../src/http/create-http-app.ts';
import { isLoopbackAddress } from '../../src/http/route-mounter.ts';
import { fingerprintRoutes } from '../../src/http/routes/fingerprint-routes.ts';
import { EventBus } from '../../src/events/event-bus.ts';
import { discDraft, episodeDraft, reply, scriptedNetwork, uploaderHarness } from './uploader-harness.ts';

const services: TestService[] = [];
afterEach(async () => {
  for (const s of services.splice(0)) await s.close();
});

async function service(env: Record<string, string> = {}, config: Record<string, unknown> = {}): Promise<TestService> {
  const s = await startTestService({
    config: { pipeline: EMPTY_PIPELINE, ...config },
    env: { FINGERPRINT_UPLOAD_INTERVAL_SECONDS: '3600', ...env },
  });
  services.push(s);
  return s;
}

/** GET from a chosen local address (127.0.0.2 plays a machine on the network). */
function getFrom(localAddress: string, url: string): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { localAddress }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('local fingerprint endpoints', () => {
  it('serves the audit log to this machine only (403 for a peer elsewhere on the network)', async () => {
    const h = await uploaderHarness({ serverUrl: null });
    await h.queue.queueEpisode(await episodeDraft(), h.config.get().contribution_pseudonym, null);
    await h.queue.queueDisc(discDraft(), h.config.get().contribution_pseudonym, null);
    const routes = fingerprintRoutes({ privacy: h.privacy, queue: h.queue, auditLog: h.auditLog });
    // The peer address is injected: 127.0.0.2 stands for a LAN machine, everything else is this machine.
    const app = createHttpApp({
      routes,
      gateway: new ClientGateway(new EventBus(), new RecordingLogger()),
      uiDist: '/nonexistent',
      debug: false,
      logger: new RecordingLogger(),
      isLoopback: (ctx) =>
        ctx.req.socket.remoteAddress !== '127.0.0.2' && isLoopbackAddress(ctx.req.socket.remoteAddress),
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/fingerprint/contributions`;
      const remote = await getFrom('127.0.0.2', url);
      expect(remote).toEqual({
        status: 403,
        body: { error: { code: 'forbidden', message: expect.stringContaining('this machine') } },
      });
      const local = await getFrom('127.0.0.1', url);
      expect(local).toEqual({
        status: 200,
        body: { entries: [], pending_count: 2, pending: { episodes: 1, discs: 1 } },
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('rotates the pseudonym and re-tags every pending contribution; the pseudonym never reaches a log line', async () => {
    const s = await service({ DEBUG: 'true' });
    const api = apiClient(s.url);
    const old = (await api.get('/api/config')).body.contribution_pseudonym as string;
    expect((await api.post('/debug/fingerprint/seed')).status).toBe(201);
    expect((await api.post('/debug/fingerprint/seed')).status).toBe(201);
    const rotated = await api.post('/api/fingerprint/contributions/rotate-pseudonym');
    expect(rotated.status).toBe(200);
    expect(rotated.body.retagged).toBe(2);
    const fresh = (await api.get('/api/config')).body.contribution_pseudonym as string;
    expect(fresh).not.toBe(old);
    expect(fresh).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(rotated.body.pseudonym_prefix).toBe(fresh.slice(0, 8));
    const rows = await s.service.fingerprint.queue.nextBatch('episode', 10);
    expect(rows.map((r) => r.pseudonym)).toEqual([fresh, fresh]);
    expect((await api.get('/api/fingerprint/contributions')).body.pending_count).toBe(2);
    s.service.logs.logger('test').info(`pseudonyms ${old} ${fresh}`);
    expect(s.logs.join('\n')).not.toContain(old);
    expect(s.logs.join('\n')).not.toContain(fresh);
  });

  it('forget changes nothing locally when the network does not confirm, and says so', async () => {
    const broken = await scriptedNetwork([
      reply.json(500, { error: { code: 'internal_error', message: 'database down' } }),
    ]);
    try {
      const s = await service(
        { DEBUG: 'true', FINGERPRINT_SERVER_URL: broken.url },
        { fingerprint_disclosure_accepted: false },
      );
      const api = apiClient(s.url);
      await api.post('/debug/fingerprint/seed');
      await api.put('/api/config', { fingerprint_disclosure_accepted: true, enable_fingerprint_contributions: false });
      const before = (await api.get('/api/config')).body;
      const res = await api.post('/api/fingerprint/forget');
      expect(res.status).toBe(502);
      expect(res.body.error.code).toBe('remote_forget_failed');
      expect(res.body.error.message).toMatch(/database down.*Nothing was changed here/s);
      expect(broken.requests.map((r) => r.path)).toEqual(['/v1/forget']);
      expect(broken.requests[0]!.body).toEqual({ pseudonym: before.contribution_pseudonym });
      const after = (await api.get('/api/config')).body;
      expect(after.contribution_pseudonym).toBe(before.contribution_pseudonym);
      expect(after.fingerprint_disclosure_accepted).toBe(true);
      expect((await api.get('/api/fingerprint/contributions')).body.pending_count).toBe(1);
    } finally {
      await broken.close();
    }
  });

  it('forget without a configured network is a 409 that changes nothing; the seed is DEBUG-only', async () => {
    const s = await service();
    const api = apiClient(s.url);
    const res = await api.post('/api/fingerprint/forget');
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('fingerprint_server_not_configured');
    expect(await api.post('/debug/fingerprint/seed')).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    expect((await api.get('/api/fingerprint/contributions')).body).toEqual({
      entries: [],
      pending_count: 0,
      pending: { episodes: 0, discs: 0 },
    });
    const openapi = (await api.get('/api/openapi.json')).body;
    expect(Object.keys(openapi.paths)).toEqual(
      expect.arrayContaining(['/api/fingerprint/contributions', '/api/fingerprint/forget']),
    );
  });
});
