/**
 * Outgoing requests (issue 16, item 6, second half): plugins' HTTP client refuses link-local and
 * cloud-metadata addresses before connecting — literal addresses, names that resolve to one,
 * the well-known metadata names and redirects that lead there — unless ALLOW_LINK_LOCAL_REQUESTS
 * allows it; through the real service, a notifier pointed at such an address fails with that
 * reason while one on the LAN (a local server here) is reached.
 */
import { createFetchHttpClient } from '@spindle/plugin-sdk';
import { startRecordingServer, type RecordedReply, type RecordingHttpServer } from '@spindle/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkOutboundUrl, refusedAddress, type AddressLookup } from '../../core/src/net/outbound-guard.ts';
import { apiClient } from '../support/http-client.ts';
import { startTestService, type TestService } from '../support/service-harness.ts';

describe('the outgoing-address rule', () => {
  it('classifies link-local and metadata addresses in every spelling, and leaves loopback and the LAN alone', () => {
    for (const address of [
      '169.254.169.254',
      '169.254.0.1',
      '169.254.255.255',
      '100.100.100.200',
      'fe80::1',
      'febf::abcd',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
    ]) {
      expect(refusedAddress(address), address).not.toBeNull();
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '192.168.1.20',
      '172.16.0.1',
      '169.253.255.255',
      '169.255.0.0',
      '::1',
      'fd00::1',
      'fec0::1',
      '2001:db8::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(refusedAddress(address), address).toBeNull();
    }
  });

  it('refuses URLs by literal address, metadata name, or a name resolving to such an address — before any connection', async () => {
    const lookups: string[] = [];
    const lookup: AddressLookup = async (host) => {
      lookups.push(host);
      if (host === 'innocent.example')
        return [
          { address: '93.184.216.34', family: 4 },
          { address: '169.254.169.254', family: 4 },
        ];
      if (host === 'v6.example') return [{ address: 'fe80::1234', family: 6 }];
      return [{ address: '192.168.1.10', family: 4 }];
    };
    const policy = { allowLinkLocal: false, lookup };
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/',
      'http://[fe80::1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://METADATA.GOOGLE.INTERNAL./',
      'http://100.100.100.200/',
      'http://innocent.example/',
      'http://v6.example:8080/',
    ]) {
      await expect(checkOutboundUrl(new URL(url), policy), url).rejects.toMatchObject({
        code: 'outbound_address_refused',
        message: expect.stringContaining('ALLOW_LINK_LOCAL_REQUESTS'),
      });
    }
    expect(lookups).toEqual(['innocent.example', 'v6.example']); // literals and metadata names are refused without a lookup
    await expect(checkOutboundUrl(new URL('http://jellyfin.lan:8096/'), policy)).resolves.toBeUndefined();
    await expect(
      checkOutboundUrl(new URL('http://169.254.169.254/'), { allowLinkLocal: true, lookup }),
    ).resolves.toBeUndefined();
  });
});

describe("plugins' HTTP client with the rule", () => {
  let target: RecordingHttpServer;
  let other: RecordingHttpServer;
  const client = () =>
    createFetchHttpClient(new AbortController().signal, {
      checkUrl: (url) => checkOutboundUrl(url, { allowLinkLocal: false }),
    });
  beforeAll(async () => {
    other = await startRecordingServer();
    target = await startRecordingServer((req): RecordedReply => {
      if (req.url === '/to-metadata')
        return { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/iam' } };
      if (req.url === '/to-other') return { status: 307, headers: { location: `${other.url}/landed` } };
      if (req.url === '/to-self') return { status: 301, headers: { location: '/final' } };
      return { status: 200, body: '{"ok":true}', headers: { 'content-type': 'application/json' } };
    });
  });
  afterAll(async () => {
    await target.close();
    await other.close();
  });

  it('refuses a literal link-local address without connecting', async () => {
    await expect(client().request('http://169.254.169.254/latest/meta-data/')).rejects.toMatchObject({
      code: 'outbound_address_refused',
    });
  });

  it('follows redirects itself, refusing one that leads to a metadata address', async () => {
    await expect(client().request(`${target.url}/to-metadata`)).rejects.toMatchObject({
      code: 'outbound_address_refused',
      message: expect.stringContaining('169.254.169.254'),
    });
    const same = await client().request(`${target.url}/to-self`);
    expect([same.status, await same.json()]).toEqual([200, { ok: true }]);
    expect(target.requests.map((r) => r.url)).toEqual(['/to-metadata', '/to-self', '/final']);
  });

  it('keeps method and body on a 307, and does not carry credentials to another origin', async () => {
    const res = await client().request(`${target.url}/to-other`, {
      method: 'POST',
      body: '{"a":1}',
      headers: { Authorization: 'Bearer secret-token', 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    const landed = other.requests.at(-1)!;
    expect([landed.method, landed.url, landed.body]).toEqual(['POST', '/landed', '{"a":1}']);
    expect(landed.headers.authorization).toBeUndefined();
    expect(target.requests.at(-1)!.headers.authorization).toBe('Bearer secret-token');
  });
});

describe('through the service', () => {
  let t: TestService;
  let lan: RecordingHttpServer;
  beforeAll(async () => {
    lan = await startRecordingServer();
    t = await startTestService({
      config: {
        pipeline: {
          detectors: [],
          identifiers: [],
          matchers: [],
          contributors: [],
          rippers: { disc: null, folder: null },
          organizer: null,
          providers: { notifier: ['webhook', 'ntfy', 'discord'] },
        },
        plugin_settings: {
          'notifier-webhook': {
            webhook_url: 'http://169.254.169.254/latest/meta-data/hook',
            discord_webhook_url: 'http://metadata.google.internal/api/webhooks/1/x',
            ntfy_server: lan.url,
            ntfy_topic: 'lan-topic',
          },
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await lan.close();
  });

  it('a notifier pointed at a metadata address fails with the reason; the one on the LAN is reached', async () => {
    const res = await apiClient(t.url).post('/api/notifications/test');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries((res.body.results as { notifier: string }[]).map((r) => [r.notifier, r]));
    expect(byId.webhook).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/does not connect to 169\.254\.169\.254 \(a cloud metadata address\)/),
    });
    expect(byId.discord).toMatchObject({
      status: 'failed',
      message: expect.stringMatching(/does not connect to metadata\.google\.internal/),
    });
    expect(byId.ntfy).toMatchObject({ status: 'sent' });
    expect(lan.requests).toHaveLength(1);
  });
});
