/**
 * The rule for outgoing requests on behalf of plugins and the fingerprint network: never to a
 * link-local address (169.254.0.0/16, fe80::/10) or a cloud metadata endpoint (169.254.169.254,
 * fd00:ec2::254, 100.100.100.200, metadata.google.internal, …), unless the server-level setting
 * ALLOW_LINK_LOCAL_REQUESTS allows it. A host name is resolved first and refused when any of its
 * addresses is such an address; the check runs for the first URL and every redirect target,
 * before anything connects. Loopback and private LAN addresses stay allowed (a media server or
 * a local test server lives there).
 */
import { ConfigurationError } from '@spindle/plugin-sdk';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export type AddressLookup = (host: string) => Promise<{ address: string; family: number }[]>;

export interface OutboundPolicy {
  allowLinkLocal: boolean;
  /** Resolves a host name (default: the system resolver, every address). */
  lookup?: AddressLookup;
}

const METADATA_NAMES = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);
const METADATA_V4 = new Set(['100.100.100.200']);

const systemLookup: AddressLookup = (host) => dnsLookup(host, { all: true, verbatim: true });

function ipv4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** The eight 16-bit groups of an IPv6 address (embedded IPv4 and `::` expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipv4Number(v4[1]!);
    text = text.slice(0, -v4[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g || '0', 16));
}

/** Why an IP address is not to be connected to, or null. */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 4) {
    if (METADATA_V4.has(address)) return 'a cloud metadata address';
    const n = ipv4Number(address);
    if (n >>> 16 === (169 << 8) + 254)
      return address === '169.254.169.254' ? 'a cloud metadata address' : 'a link-local address';
    return null;
  }
  if (family === 6) {
    const g = ipv6Groups(address);
    if ((g[0]! & 0xffc0) === 0xfe80) return 'a link-local address';
    if (g.join(':') === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(':')) return 'a cloud metadata address';
    // IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) forms of a refused IPv4 address.
    const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
    const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
    if (mapped || nat64) return refusedAddress(`${g[6]! >> 8}.${g[6]! & 0xff}.${g[7]! >> 8}.${g[7]! & 0xff}`);
  }
  return null;
}

const refusal = (url: URL, what: string) =>
  new ConfigurationError(
    'outbound_address_refused',
    `Spindle does not connect to ${url.hostname} (${what}); set ALLOW_LINK_LOCAL_REQUESTS=true in the environment or .env if this is really wanted`,
    { details: { host: url.hostname } },
  );

/** Throws a ConfigurationError `outbound_address_refused` when `url` leads to a refused address. */
export async function checkOutboundUrl(url: URL, policy: OutboundPolicy): Promise<void> {
  if (policy.allowLinkLocal) return;
  const host = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (METADATA_NAMES.has(host)) throw refusal(url, 'a cloud metadata name');
  if (isIP(host)) {
    const why = refusedAddress(host);
    if (why) throw refusal(url, why);
    return;
  }
  let addresses: { address: string }[];
  try {
    addresses = await (policy.lookup ?? systemLookup)(host);
  } catch {
    return; // fetch reports the unknown name itself
  }
  for (const { address } of addresses) {
    const why = refusedAddress(address);
    if (why) throw refusal(url, `it resolves to ${address}, ${why}`);
  }
}
