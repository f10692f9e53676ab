import { createHmac } from 'node:crypto';
import pg from 'pg';
import { type Client, call, device, report, type Sender } from './attacks.ts';

/**
 * Honest crowds for the attacks to be weighed against (trust.test.ts): phones behind one carrier
 * address or one /24, as a neighbourhood's are, each using the map as people do.
 */

/** A point near Kampala, spread over about 20 × 20 km, for report number n. */
export const spread = (n: number) => ({
  lat: 0.22 + ((n * 37) % 200) / 1000,
  lng: 32.48 + ((n * 53) % 200) / 1000,
});

/** What a crowd met: phones left without a credential, what they sent and what was refused, by policy. */
export interface CrowdFigures {
  noCredential: number;
  counts: {
    reports: number;
    reportsRefused: number;
    votes: number;
    votesRefused: number;
    phonesRefused: number;
  };
  refusals: Record<string, number>;
}

/**
 * 150 phones behind one carrier address (or spread over one /24), each with its own device
 * credential and the same reduced Chrome user agent, each reporting once and voting three times.
 * Refusals are counted by the policy that refused. With `standing`, the phones' devices are given
 * standing in the server's database first (the server's visitor salt names their visitors).
 */
export async function honestCrowd(
  c: Client,
  address: (i: number) => string,
  standing?: { databaseUrl: string; salt: string },
): Promise<CrowdFigures> {
  const ua =
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
  const phones: Sender[] = [];
  let noCredential = 0;
  for (let i = 0; i < 150; i++) {
    const phone = await device(c, { ip: address(i), ua });
    if (!phone.cookie) noCredential++;
    phones.push(phone);
  }
  if (standing) await grantStanding(phones, standing);
  const spots = (
    (await call(c, { ua: 'reader', ip: '41.1.1.1' }, 'GET', '/api/spots?limit=5000')).json.spots as Array<{
      id: number;
    }>
  ).map((s) => s.id);
  const refusals: Record<string, number> = {};
  const refused = (res: { headers: Headers }) => {
    const policy = res.headers.get('ratelimit-policy') ?? 'none';
    refusals[policy] = (refusals[policy] ?? 0) + 1;
  };
  const counts = { reports: 0, reportsRefused: 0, votes: 0, votesRefused: 0, phonesRefused: 0 };
  let n = 0;
  for (const [i, phone] of phones.entries()) {
    let refusedHere = false;
    const made = await call(
      c,
      phone,
      'POST',
      '/api/spots',
      report({ title: `Dark path ${i}`, ...spread(5000 + i) }),
    );
    counts.reports++;
    if (made.status === 429) {
      counts.reportsRefused++;
      refused(made);
      refusedHere = true;
    }
    for (let k = 0; k < 3; k++) {
      const id = spots[(i * 3 + k) % spots.length] as number;
      const res = await call(c, phone, 'POST', `/api/spots/${id}/vote`, {
        value: ++n % 5 === 0 ? -1 : 1,
      });
      counts.votes++;
      if (res.status === 429) {
        counts.votesRefused++;
        refused(res);
        refusedHere = true;
      }
    }
    if (refusedHere) counts.phonesRefused++;
  }
  return { noCredential, counts, refusals };
}

/** Standing for these phones' devices, as days of use and a moderator's agreement would give it. */
async function grantStanding(phones: Sender[], standing: { databaseUrl: string; salt: string }) {
  const db = new pg.Client({ connectionString: standing.databaseUrl });
  await db.connect();
  try {
    for (const p of phones) {
      const id = /hatari_device=([^.]+)\./.exec(p.cookie ?? '')?.[1] as string;
      const visitor = createHmac('sha256', standing.salt).update(`device\n${id}`).digest('base64url');
      await db.query(
        `INSERT INTO standing (visitor, first_seen, last_seen, days_seen, agreed_at)
         VALUES ($1, current_date - 10, current_date, 10, now()) ON CONFLICT (visitor) DO NOTHING`,
        [visitor],
      );
    }
  } finally {
    await db.end();
  }
}
