import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The load of one endpoint driven by wrk (Debian's package) instead of autocannon: wrk is written in
 * C, so on a two-core machine the generator costs large answers less than a Node one does. A Lua
 * script gives every request a new visitor (its own X-Forwarded-For, walking through 10.0.0.0/8 per
 * thread) and picks its path (and body) from those given, as autocannon's setupRequest does.
 */
export interface WrkLoad {
  method: 'GET' | 'POST';
  /** Paths (and bodies, when given, of the same length) the requests take in turn. */
  paths: string[];
  bodies?: string[];
  contentType?: string;
  connections: number;
  durationSeconds: number;
}

/** What the bench reads of a run, in autocannon's shape. */
export interface WrkResult {
  requests: { average: number };
  latency: { p50: number; p97_5: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

const lua = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;

function script(load: WrkLoad): string {
  const headers = [
    'wrk.headers["accept-encoding"] = "gzip, br"',
    load.contentType ? `wrk.headers["content-type"] = ${lua(load.contentType)}` : '',
  ].join('\n');
  return `
local paths = { ${load.paths.map(lua).join(',\n')} }
local bodies = { ${(load.bodies ?? []).map(lua).join(',\n')} }
local threads = {}
-- Each of the two threads walks its own half of the paths, so no path is asked by both at once.
local half = math.max(1, math.floor(#paths / 2))
local nextThread = 0
${headers}

function setup(thread)
  thread:set("tid", nextThread)
  nextThread = nextThread + 1
  table.insert(threads, thread)
end

function init(args)
  n = 0
end

function request()
  n = n + 1
  local a = (tid * 4000000 + n) % 16000000
  wrk.headers["x-forwarded-for"] = "10." .. math.floor(a / 65536) % 256 .. "." .. math.floor(a / 256) % 256 .. "." .. a % 256
  local i = (tid * half + n % half) % #paths + 1
  return wrk.format(${lua(load.method)}, paths[i], nil, bodies[i])
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"durationUs":%d,"p50":%d,"p97_5":%d,"p99":%d,"non2xx":%d,"errors":%d,"timeouts":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(97.5), latency:percentile(99),
    e.status, e.connect + e.read + e.write, e.timeout))
end
`;
}

export async function wrk(base: string, load: WrkLoad): Promise<WrkResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hatari-wrk-'));
  const file = path.join(dir, 'load.lua');
  writeFileSync(file, script(load));
  try {
    const { stdout } = await promisify(execFile)(
      'wrk',
      ['-t2', `-c${load.connections}`, `-d${load.durationSeconds}s`, '--timeout', '10s', '-s', file, base],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    const line = stdout.split('\n').find((l) => l.startsWith('WRK_JSON '));
    if (!line) throw new Error(`wrk printed no result:\n${stdout}`);
    const r = JSON.parse(line.slice('WRK_JSON '.length));
    const ms = (us: number) => Math.round(us / 100) / 10;
    return {
      requests: { average: r.requests / (r.durationUs / 1e6) },
      latency: { p50: ms(r.p50), p97_5: ms(r.p97_5), p99: ms(r.p99) },
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
