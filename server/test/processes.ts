import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { record, scanLogs } from './raw-ips.ts';

/** Helpers for tests that run real processes: the server as `npm start` runs it, Redis, nginx. */

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Thrown by a check of waitFor to stop waiting at once. */
class ServerExited extends Error {
  constructor(proc: ChildProcess) {
    super(`the server exited (${proc.exitCode ?? proc.signalCode}) before it answered`);
  }
}

export async function waitFor(check: () => Promise<boolean>, ms: number, what: string) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const done = await check().catch((err) => {
      if (err instanceof ServerExited) throw err;
      return false;
    });
    if (done) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** True when a Redis answers PING on the port (a plain TCP exchange, no client library). */
export function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(500, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      resolve(d.toString().startsWith('+PONG'));
      socket.destroy();
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

export interface RunningServer {
  url: string;
  proc: ChildProcess;
}

/** What each server process wrote (its logs), scanned for raw IP addresses when it stops. */
const outputs = new WeakMap<ChildProcess, string[]>();

/** The script that starts the server with the V8 flags of its role (`npm start`, systemd, Docker). */
export const START_SCRIPT = 'server/start.sh';

/**
 * The V8 flags the server starts with in the role `env` gives it (embedded, a web instance or a
 * worker on PostgreSQL), as server/start.sh chooses them: the tests and the bench start their
 * servers as deployed. Why each flag: docs/operations.md, "V8 flags per role".
 */
export function serverNodeArgs(env: NodeJS.ProcessEnv): string[] {
  return execFileSync('sh', [START_SCRIPT, '--print-flags'], { env, encoding: 'utf8' }).trim().split(/\s+/);
}

/** The server `npm start` runs, bundled by server/build.ts. */
export const BUILT_SERVER = 'dist/server/main.js';

/**
 * The real server as a separate process, as `npm start` runs it, logging every request: from the
 * sources, or with `built` the bundle `npm start` runs (BUILT_SERVER).
 */
export async function startServer(
  env: Record<string, string>,
  cwd?: string,
  {
    built = false,
    wrap = [],
    waitReady = true,
  }: { built?: boolean; wrap?: string[]; waitReady?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const main = built ? BUILT_SERVER : 'server/src/main.ts';
  // `wrap`: a command the server runs under (strace, to see its system calls).
  // No daily backup of embedded storage unless a test asks for one: it would weigh on the timings.
  const fullEnv = {
    ...process.env,
    PORT: String(port),
    SEED: '0',
    LOG_LEVEL: 'info',
    BACKUP_DAYS: '0',
    ...env,
  };
  const [command, ...args] = [...wrap, process.execPath, ...serverNodeArgs(fullEnv), main];
  const proc = spawn(command as string, args, {
    cwd,
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  outputs.set(proc, output);
  proc.stdout?.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
  proc.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output.push(chunk);
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  // `waitReady: false`: as soon as the process is started (to kill it while it starts).
  if (!waitReady) return { url, proc };
  try {
    await waitFor(
      async () => {
        if (proc.exitCode !== null || proc.signalCode !== null) throw new ServerExited(proc);
        return (await fetch(`${url}/api/health`)).ok;
      },
      60_000,
      'the server',
    );
  } catch (err) {
    await stop(proc);
    throw err;
  }
  return { url, proc };
}

/** Resident memory of a process in bytes, read from /proc (Linux). */
export const rssBytes = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Everything the server process has written so far. */
export const serverOutput = (proc: ChildProcess) => (outputs.get(proc) ?? []).join('');

export interface ServerStats {
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  memoryMb: Record<string, number>;
}

/**
 * The server's own figures since the last call: its event loop's delay and its memory, which a
 * server started with EVENT_LOOP_STATS=1 prints on SIGUSR2 (and then starts over).
 */
export async function serverStats(proc: ChildProcess): Promise<ServerStats> {
  const printed = () =>
    serverOutput(proc)
      .split('\n')
      .filter((line) => line.includes('"eventLoopDelayMs"'));
  const before = printed().length;
  proc.kill('SIGUSR2');
  await waitFor(async () => printed().length > before, 10_000, "the server's figures");
  return JSON.parse(printed()[before] as string) as ServerStats;
}

/** Stops the server (if it still runs) and checks its logs hold no raw IP address. */
export async function stop(proc: ChildProcess) {
  // An exit code or a signal: the process is gone already (a SIGKILLed one has no exit code).
  if (proc.exitCode === null && proc.signalCode === null) {
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill('SIGTERM');
    // A server that does not shut down in time is killed: a test must never wait on it forever.
    const killer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(killer);
  }
  if (outputs.has(proc)) {
    const text = serverOutput(proc);
    outputs.delete(proc);
    record(scanLogs(text, `server logs (pid ${proc.pid})`));
  }
}

/** Runs every clean-up, last added first, even when one fails; then throws the first failure. */
export async function runCleanups(cleanups: Array<() => Promise<unknown>>) {
  const failures: unknown[] = [];
  for (const c of cleanups.reverse()) await c().catch((err) => failures.push(err));
  if (failures.length) throw failures[0];
}

export const NGINX = '/usr/sbin/nginx';

export interface RunningNginx {
  url: string;
  /** With `tls`: the HTTPS address, and the self-signed certificate to trust for it. */
  https?: { url: string; ca: string };
  proc: ChildProcess;
  /** Its access and error logs so far. */
  logs(): string;
  /** Stops it, checks its logs hold no raw IP address, and removes its files. */
  stop(): Promise<void>;
}

/** nginx's working folders, inside dir (an http-level block), so it writes nothing elsewhere. */
export const nginxTempPaths = (dir: string) =>
  ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `${k}_temp_path ${dir}/${k};`).join(' ');

/** A self-signed certificate for 127.0.0.1 and localhost, written into dir; its PEM. */
export function selfSignedCertificate(dir: string): string {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  return readFileSync(path.join(dir, 'cert.pem'), 'utf8');
}

/**
 * nginx (Debian's) in front of the given app ports, with the project's own proxy and log settings
 * from deploy/nginx/, on a spare port with its files in a temporary folder. With `tls`, also an
 * HTTPS listener with deploy/nginx/hatari-tls.conf and a self-signed certificate.
 */
export async function startNginx(appPorts: number[], opts: { tls?: boolean } = {}): Promise<RunningNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hatari-nginx-'));
  const port = await freePort();
  const https = opts.tls ? { port: await freePort(), ca: selfSignedCertificate(dir) } : undefined;
  const site = (listen: string, extra = '') => `server {
    listen ${listen};
    client_max_body_size 64k;${extra}
    location / { include ${path.resolve('deploy/nginx/hatari-proxy.conf')}; proxy_pass http://hatari; }
    location /api/spots/tiles/ {
      include ${path.resolve('deploy/nginx/hatari-proxy.conf')};
      include ${path.resolve('deploy/nginx/hatari-tiles.conf')};
      proxy_pass http://hatari;
    }
    location /api/events {
      include ${path.resolve('deploy/nginx/hatari-proxy.conf')};
      include ${path.resolve('deploy/nginx/hatari-events.conf')};
      proxy_pass http://hatari;
    }
  }`;
  const tlsSettings = `
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    include ${path.resolve('deploy/nginx/hatari-tls.conf')};`;
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log crit;
events { worker_connections 1024; }
http {
  include ${path.resolve('deploy/nginx/hatari-logs.conf')};
  access_log ${dir}/access.log hatari_noaddr;
  ${nginxTempPaths(dir)}
  proxy_cache_path ${dir}/tiles levels=1:2 keys_zone=hatari_tiles:10m max_size=64m inactive=10m use_temp_path=off;
  upstream hatari { ${appPorts.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 32; }
  ${site(`127.0.0.1:${port}`)}
  ${https ? site(`127.0.0.1:${https.port} ssl`, tlsSettings) : ''}
}
`,
  );
  const proc = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/api/health`)).ok, 15_000, 'nginx');
  const logs = () =>
    ['access.log', 'error.log']
      .map((f) => {
        try {
          return readFileSync(path.join(dir, f), 'utf8');
        } catch {
          return '';
        }
      })
      .join('');
  return {
    url,
    https: https && { url: `https://127.0.0.1:${https.port}`, ca: https.ca },
    proc,
    logs,
    stop: async () => {
      await stop(proc);
      record(scanLogs(logs(), 'nginx logs'));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
