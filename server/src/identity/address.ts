import { isIP } from 'node:net';

/**
 * How a client address is counted. Raw addresses live only in memory here; what leaves this module
 * is hashed by identify.ts.
 *
 * - A visitor without a device credential is its address plus its user agent. IPv6 addresses are
 *   taken by their /64, since one phone or home is given a whole /64 and could otherwise rotate
 *   through addresses for fresh quotas.
 * - A network (flag distinctness, network ceilings) is an IPv4 address, or an IPv6 /56: providers
 *   hand one customer a /56 (or a /48), so the /64s inside it are one subscriber, not many.
 */
const VISITOR_PREFIX = 64;
const NETWORK_PREFIX = 56;

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
export function ipv6Groups(raw: string): number[] | undefined {
  if (isIP(raw) !== 6) return undefined;
  // A dotted IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups written another way. A zone
  // (fe80::1%eth0) ends the last group, which parseInt reads up to the `%`.
  const ip = raw.replace(
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

function keyAt(raw: string, bits: number): string {
  const ip = raw.trim();
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  return unmapped(groups) ?? prefixKey(groups, bits);
}

/** The address part of a visitor without a device credential: IPv4 as is, IPv6 by its /64. */
export const visitorAddressKey = (raw: string) => keyAt(raw, VISITOR_PREFIX);

/** The network of an address: IPv4 as is, IPv6 by its /56. */
export const networkKey = (raw: string) => keyAt(raw, NETWORK_PREFIX);
