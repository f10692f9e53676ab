import assert from 'node:assert/strict';
import http from 'node:http';
import { isIP } from 'node:net';
import { describe, it } from 'node:test';
import { inspect } from 'node:util';
import cookie from '@fastify/cookie';
import fc from 'fast-check';
import Fastify, { type FastifyRequest } from 'fastify';
import type { TrustProxy } from '../../src/config-values.ts';
import { networkKey, visitorAddressKey, wideNetworkKey } from '../../src/identity/address.ts';
import { DeviceCredentials } from '../../src/identity/device-credential.ts';
import {
  createChannelIdentify,
  createIdentify,
  type Identity,
  trustFunction,
} from '../../src/identity/identify.ts';

describe('visitorAddressKey and networkKey', () => {
  const v = visitorAddressKey;
  it('keeps IPv4 and unwraps IPv4-mapped IPv6, whatever the octets', () => {
    assert.equal(v('203.0.113.7'), '203.0.113.7');
    assert.equal(v('::ffff:203.0.113.7'), '203.0.113.7');
    assert.equal(v('::ffff:41.210.143.25'), '41.210.143.25');
    assert.equal(v('::FFFF:41.210.143.26'), '41.210.143.26');
    assert.equal(networkKey('::ffff:41.210.143.25'), '41.210.143.25');
    assert.equal(v('::ffff:2929:8f19'), '41.41.143.25', 'the hex form of a mapped address');
    assert.notEqual(v('::ffff:41.210.143.25'), v('::ffff:41.210.143.26'));
    assert.equal(v(' 203.0.113.7 '), '203.0.113.7');
    assert.equal(
      v('1::ffff:41.210.143.25'),
      '00010000000000000000000000000000/64',
      'not mapped: other groups set',
    );
    assert.equal(v('::1:ffff:41.210.143.25'), '00000000000000000000000000000000/64');
  });
  it('counts a visitor by its IPv6 /64', () => {
    assert.equal(v('2001:db8:1:2:aaaa::1'), '20010db8000100020000000000000000/64');
    assert.equal(v('2001:db8:1:2:bbbb:cccc:dddd:eeee'), v('2001:db8:1:2::9'));
    assert.equal(v('fe80::1%eth0'), v('fe80::2%eth1'));
    assert.equal(v('fe80::1%eth0'), 'fe800000000000000000000000000000/64');
    // A zone straight after `::` (a forwarded header's value): fuzzing found it once threw.
    assert.equal(v('::%-'), '00000000000000000000000000000000/64');
    assert.equal(wideNetworkKey('fe80::%25'), 'fe800000000000000000000000000000/48');
    assert.notEqual(v('2001:db8:1:3::1'), v('2001:db8:1:2::1'));
  });
  it('reads :: anywhere in an IPv6 address without merging others or failing', () => {
    assert.equal(v('2001:db8::1'), '20010db8000000000000000000000000/64');
    assert.equal(v('2001:db8:0:0:1::'), v('2001:db8::1:0:0:0'));
    assert.notEqual(v('2001:db8::5:0:0:1'), v('2001:db8:0:5::1'));
    assert.equal(v('2001:db8:0:5::1'), '20010db8000000050000000000000000/64');
    assert.equal(v('::1'), '00000000000000000000000000000000/64');
    assert.equal(v('::'), v('::1'));
    assert.equal(v('64:ff9b::192.0.2.33'), '0064ff9b000000000000000000000000/64');
    assert.notEqual(v('1:2:3:4:5:6:7:8'), v('1:2:3:5:5:6:7:8'));
    assert.equal(v('1:2:3:4:5:6:7:8'), '00010002000300040000000000000000/64');
    assert.equal(networkKey('1:2:3:4:5:6:7:8'), '00010002000300000000000000000000/56');
    assert.equal(networkKey('1:2:3:4ff:5:6:7:8'), '00010002000304000000000000000000/56');
  });
  it('groups a network by its IPv6 /56, so the /64s of one subscriber are one network', () => {
    assert.equal(networkKey('2001:db8:1:2ff::1'), '20010db8000102000000000000000000/56');
    assert.equal(networkKey('2001:db8:1:200::1'), networkKey('2001:db8:1:2ff:ffff::1'));
    assert.notEqual(networkKey('2001:db8:1:200::1'), networkKey('2001:db8:1:300::1'));
    assert.notEqual(networkKey('2001:db8:1:200::1'), networkKey('2001:db8:2:200::1'));
    assert.notEqual(v('2001:db8:1:201::1'), v('2001:db8:1:202::1'), 'yet they are other visitors');
    assert.equal(networkKey('198.51.100.7'), '198.51.100.7');
  });
  it('leaves what is not an address as it is (never reached: Fastify gives addresses)', () => {
    assert.equal(v('not-an-ip'), 'not-an-ip');
    assert.equal(wideNetworkKey('not-an-ip'), 'not-an-ip');
    for (const odd of ['1.2.3', '1.2.3.256', '1.2.x.4', '1.2.-3.4', '1.2.3.4.5'])
      assert.equal(wideNetworkKey(odd), odd, odd);
  });
  it('keys every string Node calls an IPv6 address (zones, :: anywhere, dotted tails) by its prefix', () => {
    const chars = fc.constantFrom(...'0123456789abcdef:.%-'.split(''));
    const ipv6ish = fc.array(chars, { maxLength: 40 }).map((a) => a.join(''));
    fc.assert(
      fc.property(ipv6ish, (raw) => {
        if (isIP(raw) !== 6) return;
        for (const [key, bits] of [
          [v, 64],
          [networkKey, 56],
          [wideNetworkKey, 48],
        ] as const)
          assert.match(key(raw), new RegExp(`^([0-9a-f]{32}/${bits}|[0-9.]+(/24)?)$`), raw);
      }),
      { numRuns: 20_000 },
    );
  });
  it('groups a wide network by its IPv4 /24 or IPv6 /48', () => {
    const w = wideNetworkKey;
    assert.equal(w('203.0.113.7'), '203.0.113.0/24');
    assert.equal(w('203.0.113.255'), w('203.0.113.0'));
    assert.notEqual(w('203.0.113.7'), w('203.0.114.7'));
    assert.notEqual(w('203.0.113.7'), w('203.1.113.7'));
    assert.notEqual(w('203.0.113.7'), w('204.0.113.7'));
    assert.equal(w('255.254.253.252'), '255.254.253.0/24');
    assert.equal(w('0.0.0.1'), '0.0.0.0/24');
    assert.equal(w('::ffff:41.210.143.25'), '41.210.143.0/24', 'a mapped IPv4 by its /24');
    assert.equal(w('2001:db8:1:2ff::1'), '20010db8000100000000000000000000/48');
    assert.equal(w('2001:db8:1:0::1'), w('2001:db8:1:ffff:ffff::1'), 'the 256 /56s of a /48 are one');
    assert.notEqual(w('2001:db8:1::1'), w('2001:db8:2::1'));
    assert.notEqual(w('2001:db8:1::1'), w('2001:db9:1::1'));
  });
});

/** identify() on a bare Fastify app (no database): what a request is counted as. */
const devices = new DeviceCredentials('unit-device-key');

async function identities(
  trust: TrustProxy,
  requests: Array<{ remoteAddress?: string; headers?: Record<string, string> }>,
  clientIpHeader?: string,
): Promise<Identity[]> {
  const app = Fastify({ trustProxy: trustFunction(trust) });
  await app.register(cookie);
  const identify = createIdentify({
    salt: 'unit-salt-unit-salt',
    devices,
    trustProxy: trust,
    clientIpHeader,
  });
  app.get('/', async (request) => identify(request));
  const out: Identity[] = [];
  for (const r of requests) {
    out.push(
      (
        await app.inject({
          method: 'GET',
          url: '/',
          remoteAddress: r.remoteAddress ?? '10.0.0.1',
          headers: r.headers,
        })
      ).json(),
    );
  }
  await app.close();
  return out;
}

/** identify() for clients reached directly (no proxy), called on bare request objects. */
const directIdentify = () =>
  createIdentify({ salt: 'unit-salt-unit-salt', devices, trustProxy: false, clientIpHeader: undefined });

describe('identify', () => {
  it('hashes: visitors by address + user agent, networks by address, agents by user agent', async () => {
    const [a, sameUa, otherUa, otherIp] = (await identities(false, [
      { remoteAddress: '41.210.143.25', headers: { 'user-agent': 'A' } },
      { remoteAddress: '41.210.143.25', headers: { 'user-agent': 'A' } },
      { remoteAddress: '41.210.143.25', headers: { 'user-agent': 'B' } },
      { remoteAddress: '41.210.143.26', headers: { 'user-agent': 'A' } },
    ])) as [Identity, Identity, Identity, Identity];
    assert.deepEqual(a, sameUa);
    assert.notEqual(a.visitor, otherUa.visitor);
    assert.equal(a.network, otherUa.network);
    assert.notEqual(a.network, otherIp.network, 'two addresses are two networks');
    assert.notEqual(a.visitor, otherIp.visitor);
    assert.equal(a.agent, otherIp.agent);
    assert.notEqual(a.agent, otherUa.agent);
    assert.equal(a.agent.length, 12);
    assert.equal(a.device, false);
    assert.match(a.visitor, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(a.visitor, a.network);
    for (const value of Object.values(a)) assert.doesNotMatch(String(value), /41\.210/);
  });

  it('keeps IPv4-mapped clients apart and groups IPv6 by /64 (visitor) and /56 (network)', async () => {
    const [m1, m2, v4, s1, s2, other56] = (await identities(false, [
      { remoteAddress: '::ffff:41.210.143.25' },
      { remoteAddress: '::ffff:41.210.143.26' },
      { remoteAddress: '41.210.143.25' },
      { remoteAddress: '2001:db8:1:201::1' },
      { remoteAddress: '2001:db8:1:202::1' },
      { remoteAddress: '2001:db8:1:301::1' },
    ])) as Identity[] as [Identity, Identity, Identity, Identity, Identity, Identity];
    assert.notEqual(m1.visitor, m2.visitor);
    assert.notEqual(m1.network, m2.network);
    assert.deepEqual(m1, v4, 'a mapped address is its IPv4 client');
    assert.notEqual(s1.visitor, s2.visitor);
    assert.equal(s1.network, s2.network);
    assert.notEqual(s1.network, other56.network);
    assert.equal(s1.wideNetwork, other56.wideNetwork, 'one /48');
  });

  it('makes a phone its visitor and its operator its network (and wide network), by salted hashes', () => {
    const phones = createChannelIdentify('unit-salt-unit-salt');
    const a = phones('+256772123456', 'mtn');
    const b = phones('+256772654321', 'mtn');
    const c = phones('+256701123456', 'airtel');
    assert.notEqual(a.visitor, b.visitor);
    assert.deepEqual([a.network, a.wideNetwork], [b.network, b.network]);
    assert.notEqual(a.network, c.network);
    assert.notEqual(a.visitor, a.network);
    assert.equal(a.agent, c.agent);
    assert.equal(a.agent.length, 12);
    assert.equal(a.device, false);
    assert.deepEqual(phones('+256772123456', 'mtn'), a, 'the same each time');
    assert.notEqual(createChannelIdentify('another-salt-here')('+256772123456', 'mtn').visitor, a.visitor);
    for (const value of Object.values(a))
      assert.ok(!String(value).includes('772123456') && !String(value).includes('mtn'), 'nothing in clear');
    assert.match(a.visitor, /^[A-Za-z0-9_-]{43}$/);
  });

  it('hashes the wide network (IPv4 /24, IPv6 /48) apart from the network', async () => {
    const [a, sameSlash24, otherSlash24] = (await identities(false, [
      { remoteAddress: '41.210.143.25' },
      { remoteAddress: '41.210.143.200' },
      { remoteAddress: '41.210.144.25' },
    ])) as [Identity, Identity, Identity];
    assert.notEqual(a.network, sameSlash24.network);
    assert.equal(a.wideNetwork, sameSlash24.wideNetwork);
    assert.notEqual(a.wideNetwork, otherSlash24.wideNetwork);
    assert.notEqual(a.wideNetwork, a.network);
    assert.match(a.wideNetwork, /^[A-Za-z0-9_-]{43}$/);
  });

  it('a valid device credential names the visitor; a forged one does not', async () => {
    const value = devices.issue();
    const [plain, withDevice, again, forged] = (await identities(false, [
      { remoteAddress: '41.210.1.1', headers: { 'user-agent': 'A' } },
      { remoteAddress: '41.210.1.1', headers: { 'user-agent': 'A', cookie: `hatari_device=${value}` } },
      { remoteAddress: '41.210.9.9', headers: { 'user-agent': 'B', cookie: `hatari_device=${value}` } },
      { remoteAddress: '41.210.1.1', headers: { 'user-agent': 'A', cookie: 'hatari_device=x.y.z' } },
    ])) as [Identity, Identity, Identity, Identity];
    assert.equal(withDevice.device, true);
    assert.notEqual(withDevice.visitor, plain.visitor);
    assert.equal(again.visitor, withDevice.visitor, 'the same device from elsewhere');
    assert.notEqual(again.network, withDevice.network, 'its network is still where it is');
    assert.deepEqual(forged, plain);
  });

  it('reads X-Forwarded-For and the client-address header only from trusted proxies', async () => {
    const forwarded = { 'x-forwarded-for': '41.210.7.7', 'cf-connecting-ip': '41.210.8.8' };
    const [direct, untrusted] = (await identities(
      false,
      [{ remoteAddress: '41.210.5.5' }, { remoteAddress: '41.210.5.5', headers: forwarded }],
      'cf-connecting-ip',
    )) as [Identity, Identity];
    assert.deepEqual(untrusted, direct, 'no trust: headers ignored, the configured one too');

    const [spaced, spacedDirect, chain, chainDirect] = (await identities(
      true,
      [
        { remoteAddress: '10.0.0.1', headers: { 'cf-connecting-ip': ' 41.210.8.8 ' } },
        { remoteAddress: '41.210.8.8' },
        { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '41.210.3.3, 10.0.0.2' } },
        { remoteAddress: '41.210.3.3' },
      ],
      'cf-connecting-ip',
    )) as [Identity, Identity, Identity, Identity];
    assert.deepEqual(spaced, spacedDirect, 'the header value is trimmed');
    assert.deepEqual(chain, chainDirect, 'TRUST_PROXY=true trusts every hop');

    const [viaTrue, plainTrue] = (await identities(
      true,
      [
        { remoteAddress: '10.0.0.1', headers: forwarded },
        { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '41.210.8.8' } },
      ],
      'cf-connecting-ip',
    )) as [Identity, Identity];
    assert.deepEqual(viaTrue, plainTrue, 'TRUST_PROXY=true reads the client-address header');

    const [xff, xffOnly] = (await identities(true, [
      { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '41.210.7.7' } },
      { remoteAddress: '41.210.7.7' },
    ])) as [Identity, Identity];
    assert.deepEqual(xff, xffOnly, 'TRUST_PROXY=true reads X-Forwarded-For');

    const [hop, hopDirect, hopBad] = (await identities(
      1,
      [
        { remoteAddress: '10.0.0.1', headers: forwarded },
        { remoteAddress: '41.210.8.8' },
        {
          remoteAddress: '10.0.0.1',
          headers: { 'cf-connecting-ip': 'not-an-address', 'x-forwarded-for': '41.210.8.8' },
        },
      ],
      'cf-connecting-ip',
    )) as [Identity, Identity, Identity];
    assert.deepEqual(hop, hopDirect, 'a hop count trusts the proxy in front');
    assert.deepEqual(hopBad, hopDirect, 'a header that is no address falls back to X-Forwarded-For');

    const [two, twoDirect] = (await identities(2, [
      { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '41.210.9.9, 41.210.3.3, 10.0.0.2' } },
      { remoteAddress: '41.210.3.3' },
    ])) as [Identity, Identity];
    assert.deepEqual(two, twoDirect, 'two hops: the address the second proxy saw, not one further');

    const [listed, notListed, listedDirect] = (await identities(
      ['10.0.0.0/8'],
      [
        { remoteAddress: '10.0.0.1', headers: forwarded },
        { remoteAddress: '192.0.2.1', headers: forwarded },
        { remoteAddress: '41.210.8.8' },
      ],
      'cf-connecting-ip',
    )) as [Identity, Identity, Identity];
    assert.deepEqual(listed, listedDirect);
    assert.notDeepEqual(notListed, listedDirect, 'an unlisted peer is not trusted');
  });

  it('reads a bare request: no user agent is the empty one, no cookies is no device', () => {
    const identify = directIdentify();
    const bare = (headers: Record<string, string>, cookies?: Record<string, string>) =>
      identify({
        headers,
        socket: { remoteAddress: '41.210.4.4' },
        ip: '41.210.4.4',
        cookies,
      } as unknown as FastifyRequest);
    const hashes = (identity: Identity) => JSON.parse(JSON.stringify(identity));
    assert.deepEqual(hashes(bare({})), hashes(bare({ 'user-agent': '' })));
    assert.notDeepEqual(hashes(bare({})), hashes(bare({ 'user-agent': 'Stryker was here!' })));
    assert.equal(bare({}).device, false);
    const one = bare({}, { hatari_device: devices.issue() });
    const two = bare({}, { hatari_device: devices.issue() });
    assert.equal(one.device, true);
    assert.notEqual(one.visitor, two.visitor, 'each device is its own visitor');
  });

  it('never shows what it is made from: logged, inspected or serialized, an identity is its hashes', () => {
    const identify = directIdentify();
    const identity = identify({
      headers: { 'user-agent': 'Tecno Spark 10' },
      socket: { remoteAddress: '41.210.4.4' },
      ip: '41.210.4.4',
    } as unknown as FastifyRequest);
    for (const shown of [
      JSON.stringify(identity),
      inspect(identity, { showHidden: true, depth: 5 }),
      JSON.stringify({ ...identity }),
    ]) {
      assert.doesNotMatch(shown, /41\.210|Tecno/);
    }
    assert.deepEqual(Object.keys(JSON.parse(JSON.stringify(identity))).sort(), [
      'agent',
      'device',
      'network',
      'site',
      'visitor',
      'wideNetwork',
    ]);
  });

  it("derives a connection's keys once: its next request from the same address and agent reuses them, another forwarded address or agent on it does not", async () => {
    const app = Fastify({ trustProxy: trustFunction(['127.0.0.1']) });
    await app.register(cookie);
    const identify = createIdentify({
      salt: 'unit-salt-unit-salt',
      devices,
      trustProxy: ['127.0.0.1'],
      clientIpHeader: undefined,
    });
    const seen: Identity[] = [];
    app.get('/', async (request) => {
      seen.push(identify(request));
      return identify(request);
    });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (headers: Record<string, string>) =>
      new Promise<Identity>((resolve, reject) => {
        http
          .get(base, { agent, headers }, (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (c: string) => {
              body += c;
            });
            res.on('end', () => resolve(JSON.parse(body)));
          })
          .on('error', reject);
      });
    try {
      const phone = { 'x-forwarded-for': '41.210.143.25', 'user-agent': 'A' };
      const first = await get(phone);
      const again = await get(phone);
      const otherPhone = await get({ ...phone, 'x-forwarded-for': '41.210.143.26' });
      const otherAgent = await get({ ...phone, 'user-agent': 'B' });
      assert.deepEqual(first, again);
      assert.equal(
        seen[0],
        seen[1],
        'one connection, one address, one agent: the same hashes, not made again',
      );
      assert.notEqual(otherPhone.visitor, first.visitor, 'another phone behind the proxy is another visitor');
      assert.notEqual(otherPhone.network, first.network);
      assert.notEqual(otherAgent.visitor, first.visitor, 'another agent is another visitor');
      assert.equal(new Set(seen).size, 3);
    } finally {
      agent.destroy();
      await app.close();
    }
  });
});
