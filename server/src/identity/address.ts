import { isIP } from 'node:net';

/**
 * How a client address is counted. Raw addresses live only in memory here; what leaves this module
 * is hashed by identify.ts.
 *
 * - A visitor without a device credential is its address plus its user agent. IPv6 addresses are
 *   taken by their /64, since one phone or home is given a whole /64 and could otherwise rotate
 *   through addresses for fresh quotas.
 * - A network (network ceilings) is an IPv4 address, or an IPv6 /56: providers hand one customer a
 *   /56 (or a /48), so the /64s inside it are one subscriber, not many.
 * - A wide network (flag distinctness, status-change budgets) is an IPv4 /24 or an IPv6 /48: what
 *   takes a danger off the map must come from places one subscriber cannot span. A /48 holds 256
 *   /56s, and a few neighbouring IPv4 addresses are cheap to rotate through.
 */
const VISITOR_PREFIX = 64;
const NETWORK_PREFIX = 56;
const WIDE_NETWORK_PREFIX = 48;

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(raw: string): number[] | undefined {
  if (isIP(raw) !== 6) return undefined;
  // A zone (fe80::1%eth0, or `::%-`, where no group comes before it) names the sender's interface,
  // not the client: it is dropped. A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two
  // groups written another way.
  const ip = raw
    .replace(/%.*$/, '')
    .replace(
      /(\d+)\.(\d+)\.(\d+)\.(\d+)/,
      (_m, a, b, c, d) =>
        `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
    );
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((h) => Number.parseInt(h, 16));
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is the IPv4 client it carries. */
function unmapped(groups: number[]): string | undefined {
  if (groups.slice(0, 5).some((g) => g !== 0) || groups[5] !== 0xffff) return undefined;
  const [hi = 0, lo = 0] = groups.slice(6);
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
}

/** The first `bits` of the address, as 32 hex digits and the prefix length. */
function prefixKey(groups: number[], bits: number): string {
  const value = groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
  const dropped = BigInt(128 - bits);
  return `${((value >> dropped) << dropped).toString(16).padStart(32, '0')}/${bits}`;
}

function keyAt(raw: string, bits: number, ipv4Bits = 32): string {
  const ip = raw.trim();
  const groups = ipv6Groups(ip);
  const v4 = groups ? unmapped(groups) : ip;
  if (v4 !== undefined) return ipv4Bits === 32 ? v4 : ipv4Prefix(v4, ipv4Bits);
  return prefixKey(groups as number[], bits);
}

/** The /bits of an IPv4 address (`a.b.c.0/24`); anything that is not one stays as it is. */
function ipv4Prefix(ip: string, bits: number): string {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) return ip;
  const value = parts.reduce((acc, p) => acc * 256 + p, 0);
  const kept = value - (value % 2 ** (32 - bits));
  return `${[24, 16, 8, 0].map((shift) => Math.floor(kept / 2 ** shift) % 256).join('.')}/${bits}`;
}

/** The address part of a visitor without a device credential: IPv4 as is, IPv6 by its /64. */
export const visitorAddressKey = (raw: string) => keyAt(raw, VISITOR_PREFIX);

/** The network of an address: IPv4 as is, IPv6 by its /56. */
export const networkKey = (raw: string) => keyAt(raw, NETWORK_PREFIX);

/** The wide network of an address: IPv4 by its /24, IPv6 by its /48. */
export const wideNetworkKey = (raw: string) => keyAt(raw, WIDE_NETWORK_PREFIX, 24);
