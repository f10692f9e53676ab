import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Row } from './run.ts';

interface Results {
  at: string;
  spots: number;
  connections: number;
  durationSeconds: number;
  /** The checkout measured as "before" (--compare), when there was one. */
  compare?: string;
  /** What drove the load (absent in runs made before wrk came in: autocannon). */
  driver?: 'autocannon' | 'wrk';
  /** The servers' V8 flags when given (--flags), and whether the bundle ran (--built). */
  flags?: string;
  built?: boolean;
  /** The machine the run was made on (machine() when written), and its load average at the start. */
  machine?: string;
  loadAverage?: number;
  rows: Row[];
}

const RESULTS = { autocannon: 'bench/results/bench.json', wrk: 'bench/results/bench-wrk.json' } as const;

const readResults = (file: string): Results | undefined =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Results) : undefined;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A bar per endpoint: its req/s as a share of hello-world, with p99 written beside it. */
export function chartSvg(results: Results): string {
  const width = 760;
  const rowHeight = 34;
  const left = 260;
  const barMax = width - left - 150;
  const height = 60 + results.rows.length * rowHeight;
  const bars = results.rows
    .map((r, i) => {
      const y = 44 + i * rowHeight;
      const w = Math.max(2, Math.min(1, r.ratio) * barMax);
      const colour = i === 0 ? '#6b7785' : r.ratio >= 0.6 ? '#1b6e35' : '#b3261e';
      return [
        `<text x="${left - 8}" y="${y + 17}" text-anchor="end">${escapeXml(r.name)}</text>`,
        `<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="24" fill="${colour}"/>`,
        `<text x="${left + w + 6}" y="${y + 17}">${(r.ratio * 100).toFixed(1)}% · ${r.reqPerSec.toLocaleString('en')} req/s · p99 ${r.p99} ms</text>`,
      ].join('');
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="13">
<title>Hatari benchmark: req/s as a share of hello-world</title>
<rect width="100%" height="100%" fill="#fff"/>
<text x="12" y="24" font-size="15" font-weight="bold">req/s as a share of a bare Fastify hello-world (${results.spots.toLocaleString('en')} spots, ${results.connections} connections)</text>
<line x1="${left + barMax * 0.6}" y1="36" x2="${left + barMax * 0.6}" y2="${height - 8}" stroke="#999" stroke-dasharray="4 4"/>
<text x="${left + barMax * 0.6 + 4}" y="${height - 10}" fill="#666">60% target</text>
${bars}
</svg>
`;
}

function machine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}, Node.js ${process.version}`;
}

const fmt = (n: number) => n.toLocaleString('en');
/** A row's share of reads from memory, as the tables write it. */
export const fromMemoryText = (r: Pick<Row, 'fromMemory'>) =>
  r.fromMemory === undefined ? '' : `${(r.fromMemory * 100).toFixed(1)} %`;
const loadAt = (r: Results) =>
  r.loadAverage === undefined ? '' : `, load average ${r.loadAverage.toFixed(1)} at the start`;

function figuresTable(results: Results): string {
  // Runs since the health port (HEALTH_PORT) probe both ports: the health port's as deployed.
  const bothPorts = results.rows.some((r) => r.mainHealthP99 !== undefined);
  const health = bothPorts ? 'health p99 ms (health port) | health p99 ms (main port)' : 'health p99 ms';
  return [
    `| Endpoint | req/s | vs hello-world | p50 ms | p97.5 ms | p99 ms | non-2xx or refused | errors, timeouts | server peak RSS | ${health} | event loop max ms | public reads from memory | server p50 ms | of it queued, p50 ms |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |${bothPorts ? ' ---: |' : ''} ---: | ---: | ---: | ---: |`,
    ...results.rows.map(
      (r) =>
        `| ${r.name} | ${fmt(r.reqPerSec)} | ${(r.ratio * 100).toFixed(1)}% | ${r.p50} | ${r.p97_5} | ${r.p99} | ${fmt(r.non2xx)} | ${fmt(r.errors ?? 0)} | ${r.peakRssMb} MB | ${r.healthP99 ?? ''} |${bothPorts ? ` ${r.mainHealthP99 ?? ''} |` : ''} ${r.eventLoopMaxMs ?? ''} | ${fromMemoryText(r)} | ${r.serverP50 ?? ''} | ${r.queueP50 ?? ''} |`,
    ),
  ].join('\n');
}

function beforeAfterTable(results: Results): string {
  const compared = results.rows.filter((r) => r.before);
  if (!compared.length) return '';
  return [
    `## Before and after, in this run\n\nThe server of \`${results.compare}\` measured just before this one on each endpoint, same database, same load (\`--compare\`). Each cell: before → after.\n`,
    '| Endpoint | req/s | vs hello-world | p99 ms | non-2xx or refused | errors, timeouts | server peak RSS | health p99 ms | server p50 ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...compared.map((r) => {
      const b = r.before as NonNullable<Row['before']>;
      const pair = (x: number | string | undefined, y: number | string | undefined) =>
        x === undefined && y === undefined ? '' : `${x ?? '–'} → ${y ?? '–'}`;
      return `| ${r.name} | ${pair(fmt(b.reqPerSec), fmt(r.reqPerSec))} | ${pair(`${(b.ratio * 100).toFixed(1)}%`, `${(r.ratio * 100).toFixed(1)}%`)} | ${pair(b.p99, r.p99)} | ${pair(fmt(b.non2xx), fmt(r.non2xx))} | ${pair(fmt(b.errors), fmt(r.errors))} | ${pair(`${b.peakRssMb} MB`, `${r.peakRssMb} MB`)} | ${pair(b.healthP99, r.healthP99)} | ${pair(b.serverP50, r.serverP50)} |`;
    }),
    '',
  ].join('\n');
}

/**
 * Writes the run's JSON results (bench.json for autocannon, bench-wrk.json for wrk) and BENCHMARKS.md
 * from the latest of each driver's, with the chart of autocannon's and the hand-written notes in
 * bench/NOTES.md.
 */
export function writeReport(results: Results) {
  mkdirSync('bench/results', { recursive: true });
  const driver = results.driver ?? 'autocannon';
  results.machine ??= machine();
  writeFileSync(RESULTS[driver], `${JSON.stringify(results, null, 2)}\n`);
  const main = driver === 'autocannon' ? results : readResults(RESULTS.autocannon);
  const byWrk = driver === 'wrk' ? results : readResults(RESULTS.wrk);
  if (main) writeFileSync('bench/results/bench.svg', chartSvg(main));
  const notes = existsSync('bench/NOTES.md') ? readFileSync('bench/NOTES.md', 'utf8') : '';
  const command = (r: Results) =>
    `npm run bench -- --spots ${r.spots} --duration ${r.durationSeconds} --connections ${r.connections}${r.driver === 'wrk' ? ' --driver wrk' : ''}${r.built ? ' --built' : ''}${r.flags ? ` --flags "${r.flags}"` : ''}`;
  const mainSection = main
    ? `Written by \`npm run bench\` on ${main.at.slice(0, 10)}; the analysis below the figures is kept in
\`bench/NOTES.md\`. Machine: ${main.machine}${loadAt(main)}. PostgreSQL with PostGIS and Redis on the same machine,
everything on 127.0.0.1, the load generator (autocannon) in a third process. These machines are
shared and noisy: compare figures of one run, not across runs.

\`\`\`sh
${command(main)}
\`\`\`

${fmt(main.spots)} synthetic spots; ${main.connections} connections for ${main.durationSeconds} s per endpoint after
a warm-up; every request from a different visitor, so rate limiting (Redis) is on the path of each.

![req/s as a share of hello-world](bench/results/bench.svg)

${figuresTable(main)}

${beforeAfterTable(main)}`
    : '';
  const wrkSection = byWrk
    ? `## Driven by wrk

The same endpoints on ${byWrk.at.slice(0, 10)}, the load from wrk (C, two threads) instead of autocannon, with
hello-world in the same run: a Node load generator on the same two cores costs large answers more
than the server does. Every request from a new visitor (a Lua script walks X-Forwarded-For through
10.0.0.0/8); 2xx answers that refused what was asked are not told apart under wrk. Machine:
${byWrk.machine}${loadAt(byWrk)}.

\`\`\`sh
${command(byWrk)}
\`\`\`

${figuresTable(byWrk)}

${beforeAfterTable(byWrk)}`
    : '';
  writeFileSync('BENCHMARKS.md', `# Benchmarks\n\n${mainSection}\n${wrkSection}\n${notes}`);
  console.log(`written: ${RESULTS[driver]}, BENCHMARKS.md`);
}
