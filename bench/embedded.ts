/**
 * npm run bench:embedded [-- --minutes 60]
 *
 * The embedded default as `npm start` runs it (the built page and server, same node flags, a new
 * data folder filled from the install's template, the 21 seed spots), driven by the soak's mix of
 * what phones do (reads, searches, route checks, votes, flags, reports: server/faults/phones.ts)
 * from 200 phones on 25 networks, each a client address of its own on loopback, for --minutes (default 10). Prints the
 * time from the process's start to healthy, RSS after the start, every minute the requests answered
 * and the RSS, and at the end the RSS after 15 quiet seconds and the highest seen. Exits 1 when an
 * answer was a 5xx other than a read, search or route check shed with 503 and Retry-After
 * (docs/operations.md, "Start and memory").
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makePhones, phoneMix } from '../server/faults/phones.ts';
import { FakeNominatim, FakeOsrm, KAMPALA_PLACES } from '../server/test/fakes.ts';
import { rssBytes, serverStats, startServer, stop } from '../server/test/processes.ts';

const at = process.argv.indexOf('--minutes');
const MINUTES = at > 0 ? Number(process.argv[at + 1]) : 10;
const NETWORKS = 25;
const PHONES_PER_NETWORK = 8;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round(bytes / 1048576);

// What npm start runs: the page (held in the server's memory) and the server, built if their
// sources changed.
execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'hatari-bench-embedded-'));
const osrm = new FakeOsrm();
const nominatim = new FakeNominatim(KAMPALA_PLACES);
const started = performance.now();
const server = await startServer(
  {
    DATA_DIR: dataDir,
    SEED: '1',
    LOG_LEVEL: 'warn',
    EVENT_LOOP_STATS: '1',
    OSRM_URL: await osrm.start(),
    NOMINATIM_URL: await nominatim.start(),
  },
  undefined,
  { built: true },
);
const pid = server.proc.pid as number;
const startSeconds = (performance.now() - started) / 1000;
/** The server's own account of its memory (main thread's heap, external, array buffers; MB). */
const memoryOf = async () => JSON.stringify((await serverStats(server.proc)).memoryMb);
await sleep(3000);
console.log(
  `start (new data folder) to healthy: ${startSeconds.toFixed(1)} s; RSS ${mb(rssBytes(pid))} MB ${await memoryOf()}`,
);

const spotIds = (
  (await (await fetch(`${server.url}/api/spots`)).json()) as { spots: { id: number }[] }
).spots.map((s) => s.id);
const phones = makePhones(NETWORKS, PHONES_PER_NETWORK);
// One embedded database answers every uncached read in turn: past its queue, reads and searches are
// refused with 503 and Retry-After as designed (docs/operations.md, PUBLIC_READS_AT_ONCE), counted.
const mix = phoneMix(new URL(server.url), phones, spotIds, PHONES_PER_NETWORK, ['route', 'read', 'search']);
let highest = 0;
const until = Date.now() + MINUTES * 60_000;
const sampler = (async () => {
  let minute = 0;
  let answered = 0;
  while (Date.now() < until) {
    for (let i = 0; i < 6 && Date.now() < until; i++) {
      await sleep(10_000);
      highest = Math.max(highest, rssBytes(pid));
    }
    minute++;
    const now = mix.sent.length;
    console.log(
      `minute ${minute}: ${now - answered} requests (${((now - answered) / 60).toFixed(0)}/s), RSS ${mb(rssBytes(pid))} MB ${await memoryOf()}`,
    );
    answered = now;
  }
})();
await mix.run(MINUTES * 60);
await sampler;
await sleep(15_000);
const byStatus: Record<number, number> = {};
for (const s of mix.sent) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
console.log(
  JSON.stringify({
    minutes: MINUTES,
    requests: mix.sent.length,
    byStatus,
    shedWith503AndRetryAfter: mix.shed,
    unexpected: mix.unexpected.length,
    rssQuietAtEndMb: mb(rssBytes(pid)),
    memoryQuietAtEnd: JSON.parse(await memoryOf()),
    rssHighestMb: mb(highest),
  }),
);
for (const line of mix.unexpected.slice(0, 10)) console.log(`  unexpected: ${line}`);
for (const p of phones) p.agent.destroy();
await stop(server.proc);
await Promise.all([osrm.stop(), nominatim.stop()]);
rmSync(dataDir, { recursive: true, force: true });
process.exit(mix.unexpected.length ? 1 : 0);
