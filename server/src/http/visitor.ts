import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../config.ts';

/**
 * Who is asking, without knowing who they are. A visitor is a salted hash of the client address
 * plus the user agent; a network is a salted hash of the address alone. Raw addresses are used
 * here in memory and never stored, logged, put in a key or returned.
 */
export interface Identity {
  visitor: string;
  network: string;
}

export type Identify = (request: FastifyRequest) => Identity;

export interface IdentityOptions {
  salt: string;
  trustProxy: TrustProxy;
  /** A trusted proxy's own client-address header (e.g. cf-connecting-ip), lower case. */
  clientIpHeader: string | undefined;
}

function trustFunction(trust: TrustProxy): (addr: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_addr, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/**
 * The key an address is counted under: IPv4 as is; IPv6 by its /64 prefix, since one phone or home
 * is given a whole /64 and could otherwise rotate through addresses for fresh quotas.
 */
export function addressKey(raw: string): string {
  let ip = raw.trim();
  const zone = ip.indexOf('%');
  if (zone >= 0) ip = ip.slice(0, zone);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  return `${expandIPv6(ip).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(ip: string): string[] {
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((h) => h.padStart(4, '0'));
}

export function createIdentify(opts: IdentityOptions): Identify {
  const trusted = trustFunction(opts.trustProxy);
  const cache = new WeakMap<FastifyRequest, Identity>();
  const hash = (value: string) => createHmac('sha256', opts.salt).update(value).digest('base64url');

  function clientAddress(request: FastifyRequest): string {
    const header = opts.clientIpHeader;
    const peer = request.socket.remoteAddress ?? '';
    if (header && trusted(peer, 0)) {
      const value = request.headers[header];
      const candidate = (Array.isArray(value) ? value[0] : value)?.trim();
      if (candidate && isIP(candidate)) return candidate;
    }
    // Fastify applies TRUST_PROXY to X-Forwarded-For; without it request.ip is the socket address.
    return request.ip;
  }

  return (request) => {
    const known = cache.get(request);
    if (known) return known;
    const address = addressKey(clientAddress(request));
    const userAgent = request.headers['user-agent'] ?? '';
    const identity = {
      visitor: hash(`visitor\n${address}\n${userAgent}`),
      network: hash(`network\n${address}`),
    };
    cache.set(request, identity);
    return identity;
  };
}
