import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type ScanRecord, scanDatabaseAt, scanRedis } from './raw-ips.ts';

/**
 * Runs after `npm test` and after `npm run test:faults` (their post scripts): adds up the raw-address
 * scans each test made of its database and logs before throwing them away, then scans what
 * outlives the tests: the test Redis (every key and value) and the test databases still on the
 * server. Exits 1 if any raw IP address or phone number was found anywhere. `--reset` forgets earlier records.
 */
const RECORDS_DIR = path.resolve('test-artifacts/raw-ip-scan');

if (process.argv.includes('--reset')) {
  rmSync(RECORDS_DIR, { recursive: true, force: true });
  process.exit(0);
}

const scans: ScanRecord[] = [];
let files: string[] = [];
try {
  files = readdirSync(RECORDS_DIR).filter((f) => f.endsWith('.jsonl'));
} catch {
  // no test recorded anything
}
for (const f of files) {
  for (const line of readFileSync(path.join(RECORDS_DIR, f), 'utf8').split('\n')) {
    if (line) scans.push(JSON.parse(line) as ScanRecord);
  }
}

const live: ScanRecord[] = [];
const redisUrl = process.env.TEST_REDIS_URL;
if (redisUrl) live.push(await scanRedis(redisUrl));
const databaseUrl = process.env.TEST_DATABASE_URL;
if (databaseUrl) {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname = current_database() OR datname LIKE 'hatari\\_test\\_%'`,
  );
  await admin.end();
  for (const { datname } of rows) {
    const url = new URL(databaseUrl);
    url.pathname = `/${datname}`;
    live.push(await scanDatabaseAt(url.toString()));
  }
}

const all = [...scans, ...live];
const total = (what: ScanRecord['what']) => {
  const of = all.filter((s) => s.what === what);
  return { scans: of.length, items: of.reduce((n, s) => n + s.items, 0) };
};
const found = all.flatMap((s) => s.found.map((ip) => `${s.what} ${s.source}: ${ip}`));
const db = total('database');
const logs = total('logs');
const redis = total('redis');
console.log(
  `raw-IP scan: ${db.scans} databases (${db.items} rows), ${logs.scans} logs (${logs.items} lines), ` +
    `${redis.scans} Redis (${redis.items} keys): ${found.length} raw addresses or phone numbers found`,
);
if (!redisUrl || !databaseUrl) {
  console.log(
    '  (Redis and the PostgreSQL server are scanned when TEST_REDIS_URL and TEST_DATABASE_URL are set)',
  );
}
for (const line of found.slice(0, 20)) console.log(`  ${line}`);
process.exitCode = found.length ? 1 : 0;
