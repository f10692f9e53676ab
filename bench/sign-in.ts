/**
 * npm run bench:signin: how long a sign-in takes for an unknown name and for a known name with a
 * wrong password, through the real route (app.inject) on the test database (TEST_DATABASE_URL, or
 * embedded). The two should be alike, so timing tells nobody which names exist. Alternates the two
 * so the machine's noise falls on both; prints the medians, p90s and their ratio.
 */
import { startTestApp } from '../server/test/test-app.ts';

const ROUNDS = Number(process.env.SIGNIN_ROUNDS ?? 40);
const ADMIN = { username: 'bench-admin', password: 'a long bench password' };

// At the site's cost of a password check (the tests' own is cheaper).
const t = await startTestApp({
  env: { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, PASSWORD_HASH_COST: '15' },
});
let attempts = 0;
const attempt = async (username: string) => {
  // Every attempt from a network of its own, and the accounts' counts cleared: no delay or proof of
  // work stands between it and the password check being timed.
  await t.db.query('DELETE FROM sign_in_attempts');
  attempts++;
  const started = process.hrtime.bigint();
  const res = await t.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: { username, password: 'not the password at all' },
    remoteAddress: `10.${attempts >> 8}.${attempts & 255}.1`,
  });
  if (res.statusCode !== 401) throw new Error(`expected 401, got ${res.statusCode}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
};

const times = { unknown: [] as number[], wrong: [] as number[] };
for (let i = 0; i < 3; i++) await attempt(ADMIN.username);
for (let i = 0; i < ROUNDS; i++) {
  times.unknown.push(await attempt(`nobody-${i}`));
  times.wrong.push(await attempt(ADMIN.username));
}
await t.close();

const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? 0;
const row = (name: string, xs: number[]) =>
  `${name.padEnd(28)} p50 ${at(xs, 0.5).toFixed(1).padStart(7)} ms   p90 ${at(xs, 0.9).toFixed(1).padStart(7)} ms`;
console.log(`sign-in, ${ROUNDS} attempts each, alternating:`);
console.log(row('unknown name', times.unknown));
console.log(row('known name, wrong password', times.wrong));
console.log(
  `ratio of the medians (unknown / wrong password): ${(at(times.unknown, 0.5) / at(times.wrong, 0.5)).toFixed(3)}`,
);
