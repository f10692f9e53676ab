import http from 'node:http';
import { POLICIES, type PolicyName } from '../src/limits/policies.ts';

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
 * had admitted in one window of the policy, and how many were answered 429. A request counts in a
 * window when it was sent and answered inside it, so a request near a boundary is not misplaced.
 */
export function mostAdmittedPerWindow(sent: Sent[]) {
  const result: { name: PolicyName; most: number; limit: number; refused: number }[] = [];
  for (const [name, policy] of Object.entries(POLICIES) as [PolicyName, (typeof POLICIES)[PolicyName]][]) {
    const kinds = (Object.keys(POLICIES_OF) as Kind[]).filter((k) => POLICIES_OF[k].includes(name));
    if (!kinds.length) continue;
    const windowMs = policy.windowSeconds * 1000;
    const admitted = new Map<string, number>();
    let refused = 0;
    for (const s of sent) {
      if (!kinds.includes(s.kind)) continue;
      if (s.status === 429) {
        refused++;
        continue;
      }
      const w = Math.floor(s.sent / windowMs);
      if (w !== Math.floor(s.received / windowMs)) continue;
      const who = policy.per === 'network' ? `n${s.network}` : `p${s.phone}`;
      admitted.set(`${who}/${w}`, (admitted.get(`${who}/${w}`) ?? 0) + 1);
    }
    result.push({ name, most: Math.max(0, ...admitted.values()), limit: policy.limit, refused });
  }
  return result;
}
