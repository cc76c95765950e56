/**
 * Which `Host` headers the service answers (DNS rebinding: a page whose name re-resolves to this
 * machine still sends its own name). Allowed: loopback names and addresses, the bind address,
 * this machine's own addresses when bound to a wildcard, and the names in ALLOWED_HOSTS.
 * A browser never sends an IP-literal Host for a page served under a name, so listing a name is
 * what opens it.
 */
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** True for localhost, 127.0.0.0/8, ::1 (and their IPv4-mapped forms). */
export function isLoopbackHostName(name: string): boolean {
  const host = name
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = host.replace(/^::ffff:/, '');
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/** The host name of a Host header value: `[::1]:8000` → `::1`, `Nas.Local.:80` → `nas.local`. */
export function hostNameOf(header: string | undefined): string | null {
  if (!header) return null;
  const value = header.trim().toLowerCase();
  let name: string;
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    if (end < 0) return null;
    name = value.slice(1, end);
    const rest = value.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return null;
  } else {
    const colon = value.lastIndexOf(':');
    if (colon >= 0 && value.indexOf(':') !== colon) return null; // bare IPv6 is not a valid Host
    name = colon >= 0 ? value.slice(0, colon) : value;
    if (colon >= 0 && !/^\d{1,5}$/.test(value.slice(colon + 1))) return null;
  }
  name = name.replace(/\.$/, '');
  return name === '' ? null : name;
}

export class HostAllowlist {
  private readonly names: Set<string>;
  private readonly wildcard: boolean;

  constructor(
    bindHost: string,
    allowedHosts: readonly string[],
    private readonly ownAddresses: () => string[] = machineAddresses,
  ) {
    const bind = bindHost.toLowerCase().replace(/^\[|\]$/g, '');
    this.wildcard = WILDCARDS.has(bind);
    this.names = new Set([...allowedHosts.map((h) => h.toLowerCase()), ...(this.wildcard ? [] : [bind])]);
  }

  allows(hostHeader: string | undefined): boolean {
    const name = hostNameOf(hostHeader);
    if (name === null) return false;
    if (isLoopbackHostName(name) || this.names.has(name)) return true;
    return this.wildcard && isIP(name) !== 0 && this.ownAddresses().includes(name);
  }
}

function machineAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => i.address.toLowerCase().replace(/%.*$/, ''));
}
