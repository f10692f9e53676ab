import { createHmac } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import proxyAddr from 'proxy-addr';
import type { TrustProxy } from '../config-values.ts';
import { networkKey, visitorAddressKey, wideNetworkKey } from './address.ts';
import { DEVICE_COOKIE, type DeviceCredentials } from './device-credential.ts';

/**
 * Who is asking, without knowing who they are (docs/privacy.md).
 * - `visitor`: the device's salted hash when the request carries a valid device credential (the web
 *   page), else the salted hash of client address + user agent, as the spec's API defines it (docs/privacy.md).
 * - `network`: the salted hash of the client address (IPv6 by its /56).
 * - `wideNetwork`: the salted hash of the address's IPv4 /24 or IPv6 /48, which flag distinctness
 *   and the status-change budget count by (docs/api.md, "Protected spots and site-wide budgets").
 * - `site`: the salted hash of the site itself, the one subject of site-wide counters (so sites, or
 *   test servers, that share one Redis never share a site-wide count).
 * - `agent`: a short salted hash of the user agent, so moderators can see how many agents a burst
 *   of votes used without learning them.
 * Raw addresses are used here in memory and never stored, logged, put in a key or returned.
 */
export interface Identity {
  visitor: string;
  network: string;
  wideNetwork: string;
  site: string;
  agent: string;
  /** True when a valid device credential named the visitor. */
  device: boolean;
  /** True when the visitor is a phone number (USSD, SMS): its network is its operator. */
  phone?: boolean;
}

/** What identifying a request reads of it: Fastify's request, or front-answers.ts' own view of a raw one. */
type IdentifiedRequest = Pick<FastifyRequest, 'socket' | 'headers' | 'ip' | 'cookies'>;

export type Identify = (request: IdentifiedRequest) => Identity;

export interface IdentityOptions {
  salt: string;
  devices: DeviceCredentials;
  trustProxy: TrustProxy;
  /** A trusted proxy's own client-address header (e.g. cf-connecting-ip), lower case. */
  clientIpHeader: string | undefined;
}

/**
 * Whether the socket peer is a trusted proxy, whose own client-address header may be read:
 * TRUST_PROXY=true or a hop count (at least 1) trust the peer; a list trusts the peers it names.
 */
function peerTrusted(trust: TrustProxy): (peer: string) => boolean {
  if (Array.isArray(trust)) {
    const listed = proxyAddr.compile(trust);
    return (peer) => listed(peer, 0);
  }
  return () => Boolean(trust);
}

/** Whether a hop of X-Forwarded-For (0 the socket's peer) is a trusted proxy's. */
export type TrustFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as one function, given to Fastify (which uses a function as it is) and used by the
 * answers made before Fastify (http/front-answers.ts), so both read the same client address; false
 * when nothing is trusted. A hop count trusts that many hops, as Fastify's own option did.
 */
export function trustFunction(trust: TrustProxy): TrustFunction | false {
  if (trust === false) return false;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** The client's address as Fastify's `request.ip` gives it, for a raw request. */
export function clientIp(raw: IncomingMessage, trust: TrustFunction | false): string {
  return trust ? proxyAddr(raw, trust) : (raw.socket.remoteAddress ?? '');
}

/** The request's scheme as Fastify's `request.protocol` gives it, for a raw request. */
export function clientProtocol(raw: IncomingMessage, trust: TrustFunction | false): string {
  const proto = raw.headers['x-forwarded-proto'];
  if (proto && trust !== false && trust(raw.socket.remoteAddress ?? '', 0))
    return String(proto).split(',').at(-1)?.trim() ?? '';
  return (raw.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

const saltedHash = (salt: string) => (value: string) =>
  createHmac('sha256', salt).update(value).digest('base64url');

/** The site's own key under a salt: what site-wide counters are keyed by. */
export const siteKey = (salt: string) => saltedHash(salt)('site');

/**
 * Who is asking through USSD or SMS (docs/channels.md): the visitor is the salted hash of the phone
 * number (E.164), the network (and wide network) the salted hash of the mobile operator (the gateway's
 * networkCode), so the same limits as the web apply per phone and per operator. The number itself
 * goes no further.
 */
export type ChannelIdentify = (phoneE164: string, operator: string) => Identity;

export function createChannelIdentify(salt: string): ChannelIdentify {
  const hash = saltedHash(salt);
  const agent = hash('agent\nphone channel').slice(0, 12);
  const site = siteKey(salt);
  return (phone, operator) => {
    const network = hash(`operator\n${operator}`);
    return {
      visitor: hash(`phone\n${phone}`),
      network,
      wideNetwork: network,
      site,
      agent,
      device: false,
      phone: true,
    };
  };
}

/**
 * A request's identity, each hash computed when first read: a read's limits use the visitor and the
 * network only, so a cached answer pays for two HMACs, not four. The address and the agent it is made
 * from are held in private fields, which nothing serializes, in memory only, for as long as the
 * request or its connection lives.
 */
class RequestIdentity implements Identity {
  readonly site: string;
  readonly device: boolean;
  readonly #hash: (value: string) => string;
  readonly #address: string;
  readonly #userAgent: string;
  readonly #credentialId: string | undefined;
  #visitor: string | undefined;
  #network: string | undefined;
  #wideNetwork: string | undefined;
  #agent: string | undefined;

  constructor(
    hash: (value: string) => string,
    site: string,
    address: string,
    userAgent: string,
    credentialId?: string,
  ) {
    this.#hash = hash;
    this.site = site;
    this.#address = address;
    this.#userAgent = userAgent;
    this.#credentialId = credentialId;
    this.device = credentialId !== undefined;
  }

  get visitor(): string {
    this.#visitor ??=
      this.#credentialId !== undefined
        ? this.#hash(`device\n${this.#credentialId}`)
        : this.#hash(`visitor\n${visitorAddressKey(this.#address)}\n${this.#userAgent}`);
    return this.#visitor;
  }

  get network(): string {
    this.#network ??= this.#hash(`network\n${networkKey(this.#address)}`);
    return this.#network;
  }

  get wideNetwork(): string {
    this.#wideNetwork ??= this.#hash(`wide\n${wideNetworkKey(this.#address)}`);
    return this.#wideNetwork;
  }

  get agent(): string {
    this.#agent ??= this.#hash(`agent\n${this.#userAgent}`).slice(0, 12);
    return this.#agent;
  }

  /** Whether it was made from these: the same hashes, already computed, serve them. */
  madeFrom(address: string, userAgent: string, credentialId: string | undefined): boolean {
    return this.#address === address && this.#userAgent === userAgent && this.#credentialId === credentialId;
  }

  /** What it says when logged or serialized: the hashes, never what they are made from. */
  toJSON(): Identity {
    const { visitor, network, wideNetwork, site, agent, device } = this;
    return { visitor, network, wideNetwork, site, agent, device };
  }
}

export function createIdentify(opts: IdentityOptions): Identify {
  const trusted = peerTrusted(opts.trustProxy);
  const cache = new WeakMap<IdentifiedRequest, Identity>();
  // The identity of a connection's last request: the next one from the same address, with the same
  // agent and credential (a phone keeping its connection open), reuses its hashes.
  const lastOnSocket = new WeakMap<object, RequestIdentity>();
  const hash = saltedHash(opts.salt);
  const site = siteKey(opts.salt);

  function clientAddress(request: IdentifiedRequest): string {
    const header = opts.clientIpHeader;
    if (header && trusted(request.socket.remoteAddress ?? '')) {
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
    const address = clientAddress(request);
    const userAgent = request.headers['user-agent'] ?? '';
    const credentialId = opts.devices.read(request.cookies?.[DEVICE_COOKIE])?.id;
    const last = lastOnSocket.get(request.socket);
    const identity = last?.madeFrom(address, userAgent, credentialId)
      ? last
      : new RequestIdentity(hash, site, address, userAgent, credentialId);
    lastOnSocket.set(request.socket, identity);
    cache.set(request, identity);
    return identity;
  };
}
