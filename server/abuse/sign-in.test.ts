import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type AltchaChallenge, solveAltcha } from '../test/altcha.ts';
import { type RunningServer, rssBytes, startServer, stop } from '../test/processes.ts';
import { type Client, call, freshStorage, type Sender } from './attacks.ts';

/**
 * Attacks on moderators' sign-in against the real server, behind a trusted proxy (so each request
 * may claim a network): guesses from every /56 of one IPv6 /48, a stream of guesses at one account
 * from many networks, and a flood of wrong passwords at once, whose password checks must neither
 * pile up in memory nor starve the server. ABUSE_SERVER_DIR replays them against other code.
 */
const ADMIN = { username: 'amina', password: 'correct-horse-battery' };
let server: RunningServer;
let c: Client;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
const figures: Record<string, unknown> = {};

before(async () => {
  const storage = await freshStorage();
  cleanups.push(storage.remove);
  server = await startServer(
    {
      ...storage.env,
      SEED: '0',
      TRUST_PROXY: 'true',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    process.env.ABUSE_SERVER_DIR,
  );
  cleanups.push(() => stop(server.proc));
  c = { base: server.url, proxy: true };
});
after(async () => {
  console.log(`\nsign-in attack figures:\n${JSON.stringify(figures, null, 2)}`);
  for (const clean of cleanups.reverse()) await clean();
});

const guess = (ip: string, username: string, password = 'a wrong guess 123') =>
  call(c, { ip, ua: 'Guesser' }, 'POST', '/api/auth/login', { username, password });
const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => Object.assign(t, { [s]: (t[s] ?? 0) + 1 }), {});

describe('attacks on moderators sign-in', () => {
  it('every /56 of one /48 guessing gets 20 password checks per 15 minutes, not 2,560', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 256; i++)
      statuses.push((await guess(`2001:db8:5151:${(i * 256).toString(16)}::1`, `user-${i}`)).status);
    figures.onePrefix48 = { guesses: 256, ...tally(statuses) };
    assert.ok(statuses.filter((s) => s === 401).length <= 20, JSON.stringify(tally(statuses)));
  });

  it('guesses at one account from 100 /24s check few passwords, and the moderator signs in from a fresh browser at the first try', async () => {
    const own = await call(c, { ip: '41.1.1.1', ua: 'Moderator phone' }, 'POST', '/api/auth/login', ADMIN);
    assert.equal(own.status, 200);
    const known = /hatari_known=[^;]+/.exec(own.headers.get('set-cookie') ?? '')?.[0];
    assert.ok(known, 'a known-device cookie');
    const started = performance.now();
    const answers: Array<{ status: number; work?: number }> = [];
    for (let i = 0; i < 120; i++) {
      const res = await guess(`41.${10 + (i % 100)}.${Math.floor(i / 100)}.9`, ADMIN.username);
      const work = (res.json.proof_of_work as { maxnumber: number } | undefined)?.maxnumber;
      answers.push({ status: res.status, work });
    }
    const seconds = (performance.now() - started) / 1000;
    const checked = answers.filter((a) => a.status === 401 && a.work === undefined).length;
    // The real moderator, on a new phone in a network of its own: its browser pays the work the
    // account asks for, once, and the password goes through.
    const fresh: Sender = { ip: '41.250.3.7', ua: 'Moderator, new phone' };
    const first = await call(c, fresh, 'POST', '/api/auth/login', ADMIN);
    const work = first.json.proof_of_work as AltchaChallenge | undefined;
    const solvedAt = performance.now();
    const signedIn = work
      ? await call(c, fresh, 'POST', '/api/auth/login', { ...ADMIN, altcha: solveAltcha(work) })
      : first;
    const back = await call(
      c,
      { ip: '41.1.1.1', ua: 'Moderator phone', cookie: known },
      'POST',
      '/api/auth/login',
      ADMIN,
    );
    figures.oneAccount = {
      guesses: 120,
      fromSlash24s: 100,
      seconds,
      statuses: tally(answers.map((a) => a.status)),
      passwordsChecked: checked,
      workAsked: answers.filter((a) => a.work).length,
      freshBrowser: {
        first: first.status,
        work: work?.maxnumber,
        withWork: signedIn.status,
        solveMs: performance.now() - solvedAt,
      },
      ownBrowser: back.status,
    };
    assert.ok(checked <= 10, `${checked} passwords checked: past ten, each guess must pay work first`);
    assert.equal(signedIn.status, 200, 'the moderator signs in from a fresh browser, never a 429');
    assert.equal(back.status, 200, 'and from the browser it used before');
  });

  it('84 wrong passwords at once leave memory and the server as they were', async () => {
    const before = rssBytes(server.proc.pid as number);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssBytes(server.proc.pid as number));
    }, 20);
    const started = performance.now();
    const statuses = (
      await Promise.all(
        Array.from({ length: 84 }, (_, i) => guess(`2001:db8:${(0x6000 + i).toString(16)}::1`, `flood-${i}`)),
      )
    ).map((r) => r.status);
    clearInterval(sampler);
    const health = await fetch(`${server.url}/api/health`);
    const mb = (b: number) => Math.round(b / 1024 / 1024);
    figures.flood = {
      attempts: 84,
      seconds: (performance.now() - started) / 1000,
      ...tally(statuses),
      rssBeforeMb: mb(before),
      rssPeakMb: mb(peak),
      rssGrowthMb: mb(peak - before),
    };
    assert.equal(health.status, 200);
    assert.ok(peak - before < 64 * 1024 * 1024, `RSS grew by ${mb(peak - before)} MB`);
    assert.ok(statuses.includes(503), 'past the queue a guess is refused at once');
  });
});
