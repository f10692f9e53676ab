/**
 * node bench/profile.ts <file.cpuprofile> [--top 25]
 *
 * What a CPU profile of the server (`npm run bench -- --flags "… --cpu-prof --cpu-prof-dir=DIR"`)
 * spent its thread on: each sample is put under the first part of the server its stack passes
 * through, read from the leaf up (identity, rate limits, the read cache, the database, socket
 * writes …), with idle time and the garbage collector apart; then the functions with the most
 * time of their own. Shares are of all samples, idle included.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Parts of the server, by the frames their work runs in; the first that a stack passes through wins. */
const PARTS: Array<[string, RegExp]> = [
  ['identity (hashes of visitor, network)', /identity\/|createHmac|Hmac/],
  ['rate limits (counting, deciding)', /limits\//],
  ['compression', /zlib|brotli|encoded-body/],
  ['read cache (keys, entries, sending)', /public-cache|byte-budget-cache|read-gate/],
  ['database client', /node_modules\/pg|db\/|\.sql\.ts/],
  ['counter store (Redis)', /ioredis|redis-store/],
  ['security headers and same-site', /security-headers|same-site|helmet/],
  ['logging and metrics', /pino|metrics|logger/],
  ['socket writes', /writev|writeGeneric|writeBuffer|_writeRaw|net\.js|stream_base/],
  ['HTTP parsing (Node)', /_http_server|_http_common|parserOnHeaders|_http_incoming/],
  ['Fastify (routing, hooks, replies)', /fastify|find-my-way|light-my-request|avvio/],
];

function summarize(profile: Profile, top: number) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...selfTime.values()].reduce((a, b) => a + b, 0);
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  const frame = (n: ProfileNode) => `${n.callFrame.url}:${n.callFrame.functionName}`;
  for (const [id, time] of selfTime) {
    const leaf = byId.get(id) as ProfileNode;
    const name = leaf.callFrame.functionName;
    let part = name === '(idle)' ? 'idle' : name === '(garbage collector)' ? 'garbage collector' : undefined;
    for (let at: number | undefined = id; !part && at !== undefined; at = parent.get(at)) {
      const f = frame(byId.get(at) as ProfileNode);
      part = PARTS.find(([, pattern]) => pattern.test(f))?.[0];
    }
    part ??= name === '(program)' ? 'V8 and Node (program)' : 'other';
    parts.set(part, (parts.get(part) ?? 0) + time);
    const where = `${name || '(anonymous)'} ${leaf.callFrame.url.replace(/^.*\/(node_modules|server)\//, '$1/')}:${leaf.callFrame.lineNumber + 1}`;
    functions.set(where, (functions.get(where) ?? 0) + time);
  }
  const share = (t: number) => `${((100 * t) / total).toFixed(1)} %`;
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  console.log(`${(total / 1e6).toFixed(1)} s of samples\n\nBy part of the server:`);
  for (const [part, time] of sorted(parts)) console.log(`  ${share(time).padStart(7)}  ${part}`);
  console.log(`\nFunctions, by time of their own (top ${top}):`);
  for (const [where, time] of sorted(functions).slice(0, top))
    console.log(`  ${share(time).padStart(7)}  ${where}`);
}

const file = process.argv[2];
if (!file) {
  console.error('Usage: node bench/profile.ts <file.cpuprofile> [--top N]');
  process.exit(2);
}
const topAt = process.argv.indexOf('--top');
summarize(
  JSON.parse(readFileSync(file, 'utf8')) as Profile,
  topAt > 0 ? Number(process.argv[topAt + 1]) : 25,
);
