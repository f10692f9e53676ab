import { appendFileSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Queryable } from '../src/db/db.ts';
import { createPgDb } from '../src/db/pg.ts';

/**
 * The privacy rule's check: no raw IP address and no phone number in the database, Redis or the
 * logs. Each test's
 * database and logs are scanned before they are thrown away, and `npm run scan:ips` scans Redis and
 * what is left after the whole suite, adding up these records.
 *
 * An address written as a service endpoint (`http://127.0.0.1:5432`, `127.0.0.1:6379`, or a failed
 * connection's logged error with its `address` and `port`) is where the app connects, not who
 * visited, and is not counted.
 */
const IPV4 =
  /(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?![\w.])/g;
const IPV6_CANDIDATE = /(?<![\w:.])[0-9a-fA-F]{0,4}(?::[0-9a-fA-F]{0,4}){2,7}(?:%\w+)?(?![\w:])/g;

function isEndpoint(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 3), start);
  const after = text.slice(end, end + 12);
  // host:port, a URL's host, or a failed outbound connection's error ({"address":…,"port":…})
  return (
    before.endsWith('://') || before.endsWith('@') || /^:\d{1,5}\b/.test(after) || /^","port":\d/.test(after)
  );
}

/** The raw IPv4 and IPv6 addresses in a text, leaving out service endpoints. */
export function rawIpsIn(text: string): string[] {
  return findRawIps(text).map((f) => f.ip);
}

/** Each address found with the text around it, to show where it came from. */
function rawIpsInContext(text: string): string[] {
  return findRawIps(text).map(
    ({ ip, at }) =>
      `${ip} in …${text.slice(Math.max(0, at - 60), at + ip.length + 40).replace(/\s+/g, ' ')}…`,
  );
}

/**
 * A phone number as a gateway or a person writes it: Ugandan (+256 7…, 256 7…, 07…, spaces or
 * dashes between groups allowed) or any E.164 number. Uganda's free emergency lines are public
 * numbers, not a person's.
 */
const PHONE =
  /(?<![\w+.])(?:(?:\+|00)?256[\s-]?|0)7\d{2}[\s-]?\d{3}[\s-]?\d{3}(?![\w.])|(?<![\w+])\+[1-9]\d{9,13}(?!\d)/g;
const PUBLIC_NUMBERS = new Set(['+256779999999']);

/** The phone numbers in a text. */
export function phoneNumbersIn(text: string): string[] {
  return findPhones(text).map((f) => f.ip);
}

function findPhones(text: string): { ip: string; at: number }[] {
  const found: { ip: string; at: number }[] = [];
  for (const m of text.matchAll(PHONE)) {
    if (!PUBLIC_NUMBERS.has(m[0].replace(/[\s-]/g, ''))) found.push({ ip: m[0], at: m.index });
  }
  return found;
}

function findRawIps(text: string): { ip: string; at: number }[] {
  const found: { ip: string; at: number }[] = findPhones(text);
  for (const m of text.matchAll(IPV4)) {
    if (!isEndpoint(text, m.index, m.index + m[0].length)) found.push({ ip: m[0], at: m.index });
  }
  for (const m of text.matchAll(IPV6_CANDIDATE)) {
    const candidate = m[0].replace(/%\w+$/, '');
    const inBrackets = text[m.index - 1] === '[' && text[m.index + m[0].length] === ']';
    // At least three groups written out: "::" or "a::b" in free text is more likely not an address.
    const groups = candidate.split(':').filter(Boolean).length;
    if (
      groups >= 3 &&
      net.isIPv6(candidate) &&
      !inBrackets &&
      !isEndpoint(text, m.index, m.index + m[0].length)
    ) {
      found.push({ ip: candidate, at: m.index });
    }
  }
  return found;
}

export interface ScanRecord {
  what: 'database' | 'logs' | 'redis';
  source: string;
  /** Rows, log lines or keys looked at. */
  items: number;
  found: string[];
}

const RECORDS_DIR = path.resolve('test-artifacts/raw-ip-scan');

/** Keeps the record for the suite's total and fails loudly when anything was found. */
export function record(scan: ScanRecord): ScanRecord {
  mkdirSync(RECORDS_DIR, { recursive: true });
  appendFileSync(path.join(RECORDS_DIR, `${process.pid}.jsonl`), `${JSON.stringify(scan)}\n`);
  if (scan.found.length) {
    throw new Error(
      `raw IP address or phone number in ${scan.what} ${scan.source}: ${[...new Set(scan.found)].slice(0, 3).join('; ')}`,
    );
  }
  return scan;
}

/**
 * Every row of every table of the app (the public schema, PostGIS's reference table aside), read in
 * one statement: on an embedded test database, a statement a table cost 57 ms of CPU, one for all 5.
 */
export async function scanDatabase(db: Queryable, source: string): Promise<ScanRecord> {
  const tables = await db.query<{ name: string }>(
    `SELECT quote_ident(c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'spatial_ref_sys'`,
  );
  const rows = tables.length
    ? await db.query<{ row: string }>(
        tables.map(({ name }) => `SELECT t::text AS row FROM ${name} t`).join(' UNION ALL '),
      )
    : [];
  return { what: 'database', source, items: rows.length, found: rows.flatMap((r) => rawIpsInContext(r.row)) };
}

/** The same, for a database known by its URL (one a server process used). */
export async function scanDatabaseAt(url: string): Promise<ScanRecord> {
  const db = createPgDb({ connectionString: url, shares: { reads: 1, writes: 1 } });
  try {
    return await scanDatabase(db, new URL(url).pathname.slice(1));
  } finally {
    await db.close();
  }
}

export function scanLogs(text: string, source: string): ScanRecord {
  return {
    what: 'logs',
    source,
    items: text.split('\n').filter(Boolean).length,
    found: rawIpsInContext(text),
  };
}

/** Every key and value in every database of a Redis. */
export async function scanRedis(url: string): Promise<ScanRecord> {
  const scan: ScanRecord = { what: 'redis', source: url, items: 0, found: [] };
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const databases = Number(((await redis.config('GET', 'databases')) as string[])[1] ?? 16);
    for (let n = 0; n < databases; n++) {
      await redis.select(n);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'COUNT', 1000);
        cursor = next;
        for (const key of keys) {
          scan.items++;
          scan.found.push(...rawIpsInContext(key), ...rawIpsInContext(await redisValue(redis, key)));
        }
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
  return scan;
}

async function redisValue(redis: Redis, key: string): Promise<string> {
  switch (await redis.type(key)) {
    case 'string':
      return (await redis.get(key)) ?? '';
    case 'hash':
      return JSON.stringify(await redis.hgetall(key));
    case 'list':
      return JSON.stringify(await redis.lrange(key, 0, -1));
    case 'set':
      return JSON.stringify(await redis.smembers(key));
    case 'zset':
      return JSON.stringify(await redis.zrange(key, 0, -1, 'WITHSCORES'));
    default:
      return '';
  }
}
