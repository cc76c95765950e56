/**
 * The pieces of the trust boundary on their own: the access settings (ALLOWED_HOSTS, AUTH,
 * SPINDLE_PASSWORD), the Host allowlist, the request guard's rules, scrypt hashes and the login
 * throttle (with a clock the test moves).
 */
import { describe, expect, it } from 'vitest';
import { parseAllowedHosts, parseAuthMode, parsePassword } from '../../src/auth/access-settings.ts';
import { LoginThrottle } from '../../src/auth/login-throttle.ts';
import { hashPassword, verifyPassword } from '../../src/auth/password-hash.ts';
import { HostAllowlist, hostNameOf, isLoopbackHostName } from '../../src/http/host-allowlist.ts';
import { isJsonContentType } from '@spindle/http-kit';
import { checkRequest, checkUpgrade, type GuardPolicy } from '../../src/http/request-guard.ts';

describe('access settings', () => {
  it('reads ALLOWED_HOSTS as names or addresses and refuses URLs naming the setting', () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts('NAS.local, spindle.example.com 192.168.1.20,[fd00::5]')).toEqual([
      'nas.local',
      'spindle.example.com',
      '192.168.1.20',
      'fd00::5',
    ]);
    expect(() => parseAllowedHosts('http://nas.local')).toThrow(/ALLOWED_HOSTS/);
    expect(() => parseAllowedHosts('nas.local:8000')).toThrow(/ALLOWED_HOSTS/);
    expect(() => parseAllowedHosts('nas.local/ui')).toThrow(/ALLOWED_HOSTS/);
  });

  it('reads AUTH and SPINDLE_PASSWORD', () => {
    expect(parseAuthMode(undefined)).toBe('auto');
    expect(parseAuthMode('NONE')).toBe('none');
    expect(parseAuthMode('required')).toBe('required');
    expect(() => parseAuthMode('off')).toThrow(/AUTH must be one of auto, required, none/);
    expect(parsePassword(undefined)).toBeNull();
    expect(() => parsePassword('short')).toThrow(/SPINDLE_PASSWORD/);
  });
});

describe('Host allowlist', () => {
  it('parses Host headers', () => {
    expect(hostNameOf('127.0.0.1:8000')).toBe('127.0.0.1');
    expect(hostNameOf('[::1]:8000')).toBe('::1');
    expect(hostNameOf('Nas.Local.')).toBe('nas.local');
    expect(hostNameOf('::1')).toBeNull();
    expect(hostNameOf('a:b')).toBeNull();
    expect(hostNameOf(undefined)).toBeNull();
  });

  it('knows loopback names and addresses', () => {
    for (const name of ['localhost', '127.0.0.1', '127.9.9.9', '::1', '[::1]', 'app.localhost'])
      expect(isLoopbackHostName(name), name).toBe(true);
    for (const name of ['0.0.0.0', '128.0.0.1', 'localhost.evil.example', '10.0.0.1', '::'])
      expect(isLoopbackHostName(name), name).toBe(false);
  });

  it('allows loopback, the bind address, ALLOWED_HOSTS and, when bound to a wildcard, this machine’s addresses', () => {
    const named = new HostAllowlist('192.168.1.20', ['nas.local'], () => ['192.168.1.20', '10.1.1.1']);
    for (const host of ['localhost:8000', '127.0.0.1:8000', '[::1]:8000', '192.168.1.20:8000', 'NAS.local:8000'])
      expect(named.allows(host), host).toBe(true);
    for (const host of ['evil.example', '10.1.1.1:8000', '', undefined, 'nas.local.evil.example'])
      expect(named.allows(host), String(host)).toBe(false);
    const wildcard = new HostAllowlist('0.0.0.0', [], () => ['192.168.1.20']);
    expect(wildcard.allows('192.168.1.20:8000')).toBe(true);
    expect(wildcard.allows('192.168.1.21:8000')).toBe(false);
    expect(wildcard.allows('0.0.0.0:8000')).toBe(false);
  });
});

describe('request guard', () => {
  const policy: GuardPolicy = {
    hosts: new HostAllowlist('127.0.0.1', ['spindle.example.com'], () => []),
    allowedOriginHosts: ['spindle.example.com'],
  };
  const check = (method: string, headers: Record<string, string>) =>
    checkRequest({ method, headers: { host: '127.0.0.1:8000', ...headers } }, policy)?.code ?? 'ok';

  it('accepts only application/json as a body type', () => {
    expect(isJsonContentType('application/json')).toBe(true);
    expect(isJsonContentType('Application/JSON; charset=utf-8')).toBe(true);
    for (const type of ['text/plain; charset=json', 'application/json-patch+json', 'text/json', '', undefined])
      expect(isJsonContentType(type), String(type)).toBe(false);
  });

  it('refuses what a foreign page can send, and lets the clients through', () => {
    expect(check('POST', { 'content-type': 'text/plain; charset=json', 'content-length': '2' })).toBe(
      'unsupported_content_type',
    );
    expect(check('POST', { 'content-length': '2' })).toBe('unsupported_content_type');
    expect(check('GET', { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' })).toBe(
      'unsupported_content_type',
    );
    expect(check('POST', {})).toBe('client_header_required');
    expect(check('DELETE', { 'content-length': '0' })).toBe('client_header_required');
    expect(check('POST', { 'x-spindle-client': 'cli' })).toBe('ok');
    expect(check('PUT', { 'content-type': 'application/json', 'content-length': '2' })).toBe('ok');
    expect(check('POST', { 'x-spindle-client': 'ui', origin: 'http://127.0.0.2:5000' })).toBe('foreign_origin');
    expect(check('POST', { 'x-spindle-client': 'ui', origin: 'null' })).toBe('foreign_origin');
    expect(check('POST', { 'x-spindle-client': 'ui', origin: 'http://127.0.0.1:8000' })).toBe('ok');
    // Behind a proxy that rewrites Host, the public name in ALLOWED_HOSTS is still ours.
    expect(check('POST', { 'x-spindle-client': 'ui', origin: 'https://spindle.example.com' })).toBe('ok');
    expect(check('GET', { origin: 'http://127.0.0.2:5000' })).toBe('ok'); // reads: CORS keeps the answer from the page
    expect(check('OPTIONS', { origin: 'http://127.0.0.2:5000', 'access-control-request-method': 'PUT' })).toBe(
      'cross_origin_refused',
    );
    expect(check('GET', { host: 'evil.example' })).toBe('host_not_allowed');
  });

  it('checks the WebSocket upgrade’s Host and Origin', () => {
    const upgrade = (headers: Record<string, string>) =>
      checkUpgrade({ host: '127.0.0.1:8000', ...headers }, policy)?.code ?? 'ok';
    expect(upgrade({})).toBe('ok');
    expect(upgrade({ origin: 'http://127.0.0.1:8000' })).toBe('ok');
    expect(upgrade({ origin: 'http://127.0.0.2:8000' })).toBe('foreign_origin');
    expect(upgrade({ host: 'rebound.example:8000', origin: 'http://rebound.example:8000' })).toBe('host_not_allowed');
  });
});

describe('passwords and the login throttle', () => {
  it('stores scrypt hashes that verify only the right password', async () => {
    const hash = await hashPassword('p4ssw0rd long');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toBe(await hashPassword('p4ssw0rd long')); // salted
    expect(await verifyPassword('p4ssw0rd long', hash)).toBe(true);
    expect(await verifyPassword('p4ssw0rd lon', hash)).toBe(false);
    expect(await verifyPassword('anything', 'plain text')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$99999999$8$1$AA==$AA==')).toBe(false);
  });

  it('locks an address out after five wrong passwords, doubling the wait, and forgets it after a right one', async () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle({ now: () => now });
    const wrong = () => throttle.attempt('10.0.0.9', async () => false);
    for (let i = 0; i < 4; i++) {
      await wrong();
      expect(throttle.waitSeconds('10.0.0.9')).toBe(0);
    }
    await wrong();
    expect(throttle.waitSeconds('10.0.0.9')).toBe(30);
    expect(throttle.waitSeconds('10.0.0.10')).toBe(0);
    now += 30_000;
    expect(throttle.waitSeconds('10.0.0.9')).toBe(0);
    await wrong();
    expect(throttle.waitSeconds('10.0.0.9')).toBe(60);
    now += 60_000;
    expect(await throttle.attempt('10.0.0.9', async () => true)).toBe(true);
    await wrong();
    expect(throttle.waitSeconds('10.0.0.9')).toBe(0);
  });

  it('runs only a few password checks at once', async () => {
    const throttle = new LoginThrottle({ maxConcurrent: 2 });
    let release!: () => void;
    const gate = new Promise<boolean>((resolve) => (release = () => resolve(false)));
    const first = throttle.attempt('a', () => gate);
    const second = throttle.attempt('b', () => gate);
    expect(await throttle.attempt('c', async () => true)).toBe('busy');
    release();
    expect(await Promise.all([first, second])).toEqual([false, false]);
    expect(await throttle.attempt('c', async () => true)).toBe(true);
  });
});
