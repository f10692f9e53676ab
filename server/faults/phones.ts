import http from 'node:http';
import { POLICIES, type PolicyName } from '../src/limits/policies.ts';
import { SETTLE_MS } from '../src/limits/settled-reads.ts';

/**
 * Simulated phones for the soak: each a client address of its own on loopback (127.77.0.n, one per
 * network, several phones per network told apart by their user agents), so that nginx, which
 * overwrites X-Forwarded-For, sees them as different clients.
 */
export interface Phone {
  address: string;
  userAgent: string;
  agent: http.Agent;
  voted: Set<number>;
  flagged: Set<number>;
  own: Set<number>;
}

/** One request a phone made, with when it was sent and answered. */
export interface Sent {
  phone: number;
  network: number;
  kind: Kind;
  sent: number;
  received: number;
  status: number;
}

export type Kind = 'read' | 'search' | 'route' | 'vote' | 'flag' | 'report';
/** The policies each kind of request counts against (see server/src/limits/policies.ts). */
const POLICIES_OF: Record<Kind, PolicyName[]> = {
  read: ['read'],
  search: ['search'],
  route: ['route'],
  vote: ['vote'],
  flag: ['flag'],
  report: ['report_visitor', 'report_network'],
};

/** One request from a phone, through its own agent (its own client address). */
export function send(
  base: URL,
  phone: Phone,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: string; retryAfter?: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent: phone.agent,
        headers: {
          'user-agent': phone.userAgent,
          // A phone may send anything here; nginx replaces it with the address it saw.
          'x-forwarded-for': '198.51.100.1',
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            retryAfter: res.headers['retry-after'] as string,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

export function makePhones(networks: number, perNetwork: number): Phone[] {
  const phones: Phone[] = [];
  for (let n = 0; n < networks; n++) {
    for (let p = 0; p < perNetwork; p++) {
      const address = `127.77.0.${n + 1}`;
      phones.push({
        address,
        userAgent: `Mozilla/5.0 (Linux; Android 13; Phone ${n}-${p})`,
        agent: new http.Agent({ keepAlive: true, maxSockets: 2, localAddress: address }),
        voted: new Set(),
        flagged: new Set(),
        own: new Set(),
      });
    }
  }
  return phones;
}

/**
 * For each policy the phones' requests count against: the most requests one phone (or network)
 * had admitted in one window of the policy, the most the policy may admit, and how many were
 * answered 429. A request counts in a window when it was sent and answered inside it, so a request
 * near a boundary is not misplaced. A read policy (`settled`) may admit past its limit what another
 * instance admitted since its last settle (docs/api.md, "Rate limits"): at most that phone's or
 * network's own requests answered within one settle interval, which the allowance adds.
 */
export function mostAdmittedPerWindow(sent: Sent[]) {
  const result: { name: PolicyName; most: number; limit: number; allowed: number; refused: number }[] = [];
  for (const [name, policy] of Object.entries(POLICIES) as [PolicyName, (typeof POLICIES)[PolicyName]][]) {
    const kinds = (Object.keys(POLICIES_OF) as Kind[]).filter((k) => POLICIES_OF[k].includes(name));
    if (!kinds.length) continue;
    const windowMs = policy.windowSeconds * 1000;
    const admitted = new Map<string, number>();
    const answeredAt = new Map<string, number[]>();
    let refused = 0;
    for (const s of sent) {
      if (!kinds.includes(s.kind)) continue;
      if (s.status === 429) {
        refused++;
        continue;
      }
      const who = policy.per === 'network' ? `n${s.network}` : `p${s.phone}`;
      const times = answeredAt.get(who) ?? [];
      times.push(s.received);
      answeredAt.set(who, times);
      const w = Math.floor(s.sent / windowMs);
      if (w !== Math.floor(s.received / windowMs)) continue;
      admitted.set(`${who}/${w}`, (admitted.get(`${who}/${w}`) ?? 0) + 1);
    }
    const overshoot = 'settled' in policy ? Math.max(0, ...[...answeredAt.values()].map(mostWithin)) : 0;
    result.push({
      name,
      most: Math.max(0, ...admitted.values()),
      limit: policy.limit,
      allowed: policy.limit + overshoot,
      refused,
    });
  }
  return result;
}

/** The most of these times (ms) within one settle interval of each other. */
function mostWithin(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let start = 0, end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= SETTLE_MS) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A report from a soak's phone, somewhere in Kampala's north. */
export const soakReport = () => ({
  title: `Soak report ${Math.random().toString(36).slice(2, 8)}`,
  lat: 0.3 + Math.random() * 0.1,
  lng: 32.55 + Math.random() * 0.1,
  category: 'boda_gang',
  severity: 1 + Math.floor(Math.random() * 5),
  time_of_day: 'night',
});

/**
 * The soak's mix of what phones do, one request a call to `act(i)` from phone i: reading the list,
 * a spot, the stats or itself (35%), searching (13%), checking a route (3%), voting (22%, once a spot),
 * flagging (2%, once a spot) and reporting (8%); the rest of the time nothing. Records what was sent
 * and what came back, and any answer the service should not give.
 */
export function phoneMix(
  base: URL,
  phones: Phone[],
  spotIds: number[],
  perNetwork: number,
  /** The kinds whose 503 with Retry-After is the designed answer to more than an instance takes. */
  shedding: Kind[] = ['route'],
) {
  const sent: Sent[] = [];
  const unexpected: string[] = [];
  /** Every phone acting, a pause of up to 0.4 s between its requests, for `seconds`. */
  const run = (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    return Promise.all(
      phones.map(async (_, i) => {
        await pause(Math.random() * 1000);
        while (performance.now() < until) {
          await act(i);
          await pause(Math.random() * 400);
        }
      }),
    );
  };
  const mix = { sent, unexpected, shed: 0, run };
  const pickSpot = () => spotIds[Math.floor(Math.random() * spotIds.length)] as number;
  async function act(i: number): Promise<void> {
    const phone = phones[i] as Phone;
    const pick = Math.random();
    let kind: Kind = 'read';
    let method = 'GET';
    let path = '/api/spots?bbox=32.5,0.25,32.65,0.4&limit=100';
    let body: unknown;
    if (pick < 0.1) path = `/api/spots/${pickSpot()}`;
    else if (pick < 0.14) path = '/api/stats';
    else if (pick < 0.17) path = '/api/me';
    else if (pick < 0.3) {
      kind = 'search';
      path = `/api/search?q=${encodeURIComponent(Math.random() < 0.8 ? 'market' : 'kalerwe')}${Math.random() < 0.8 ? '&places=0' : ''}`;
    } else if (pick < 0.33) {
      kind = 'route';
      const [a, b] = [Math.random() * 0.1, Math.random() * 0.1];
      path = `/api/route?from=${0.3 + a},${32.55 + b}&to=${0.32 + b},${32.57 + a}`;
    } else if (pick < 0.55) {
      const id = pickSpot();
      if (phone.voted.has(id) || phone.own.has(id)) return;
      kind = 'vote';
      method = 'POST';
      path = `/api/spots/${id}/vote`;
      body = { value: Math.random() < 0.7 ? 1 : -1 };
      phone.voted.add(id);
    } else if (pick < 0.57) {
      const id = pickSpot();
      if (phone.flagged.has(id)) return;
      kind = 'flag';
      method = 'POST';
      path = `/api/spots/${id}/flag`;
      body = { reason: 'inaccurate', note: 'Soak flag' };
      phone.flagged.add(id);
    } else if (pick < 0.65) {
      kind = 'report';
      method = 'POST';
      path = '/api/spots';
      body = soakReport();
    }
    // biome-ignore lint/plugin: the server's limit windows turn with the machine's clock; these times are counted in them
    const started = Date.now();
    try {
      const res = await send(base, phone, method, path, body);
      sent.push({
        phone: i,
        network: Math.floor(i / perNetwork),
        kind,
        sent: started,
        // biome-ignore lint/plugin: as above
        received: Date.now(),
        status: res.status,
      });
      if (res.status === 201 && kind === 'report') {
        const id = (JSON.parse(res.body) as { spot: { id: number } }).spot.id;
        spotIds.push(id);
        phone.own.add(id);
      }
      // A route check refused with 503 and Retry-After is the designed answer to more checks
      // than an instance scores at once (docs/api.md, Routes): counted, not unexpected.
      if (res.status === 503 && shedding.includes(kind) && res.retryAfter) mix.shed++;
      else if (res.status >= 500)
        unexpected.push(`${method} ${path}: ${res.status} ${res.body.slice(0, 120)}`);
    } catch (err) {
      unexpected.push(`${method} ${path}: ${(err as Error).message}`);
    }
  }
  return mix;
}
