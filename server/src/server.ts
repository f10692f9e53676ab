import { monitorEventLoopDelay } from 'node:perf_hooks';
import { useRegion } from '../../common/region.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { checkHealth } from './health/health.service.ts';
import { HealthPort } from './health/health-port.ts';
import { createLogger, stdoutLog } from './http/logger.ts';

/** Requests in flight get this long to finish at shutdown; then their connections are closed. */
const SHUTDOWN_DRAIN_MS = 10_000;

/**
 * A diagnostic report (process.report) leaves out the network: otherwise it names every open
 * socket's peer, looking up each address's host name on this thread. resvg's loader asks for a
 * report to tell glibc from musl when the first share card is drawn; with 100 phones connected from
 * addresses the resolver did not know, that froze the server for 15 s here. A report written to
 * disk would also hold the phones' addresses.
 */
function reportsLeaveOutTheNetwork() {
  (process.report as NodeJS.ProcessReport & { excludeNetwork: boolean }).excludeNetwork = true;
}

async function main() {
  reportsLeaveOutTheNetwork();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  useRegion(config.region);
  const log = createLogger(config.logLevel, stdoutLog());
  log.info({ storage: config.databaseUrl ? 'postgres' : `embedded (${config.dataDir})` }, 'starting Hatari');
  // The embedded database opens on its own thread (a second or more) while this one loads the
  // app's modules (half a second): a later start is the longer of the two, not their sum.
  const opening = openDatabase(config, log);
  const [{ buildApp }, { createDeps }] = await Promise.all([
    import('./app.ts'),
    import('./deps.ts'),
    opening.catch(() => undefined),
  ]);
  const deps = await createDeps(config, log, await opening);
  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });
  const healthPort =
    config.healthPort === undefined
      ? undefined
      : await HealthPort.open(config.host, config.healthPort, () => checkHealth(deps, log), log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      log.warn('shutdown: closing the connections still open');
      app.server.closeAllConnections();
    }, SHUTDOWN_DRAIN_MS);
    force.unref();
    await app.close();
    clearTimeout(force);
    await healthPort?.close();
    await deps.close();
    // Written at exit, after everything else buffered (logger.ts, stdoutLog).
    log.info('stopped');
    process.exit(0);
  };
  if (config.eventLoopStats) reportEventLoopDelayOnSignal();
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * For benchmarks (EVENT_LOOP_STATS=1): each SIGUSR2 prints the event loop's delay since the last
 * one (p50, p99 and the longest stretch, in ms) and the process's memory (MB) as a JSON line on
 * stdout, and starts over.
 */
function reportEventLoopDelayOnSignal() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  process.on('SIGUSR2', () => {
    const eventLoopDelayMs = {
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
    };
    const mb = (n: number) => Math.round(n / 1048576);
    const m = process.memoryUsage();
    const memoryMb = {
      rss: mb(m.rss),
      heapUsed: mb(m.heapUsed),
      heapTotal: mb(m.heapTotal),
      external: mb(m.external),
      arrayBuffers: mb(m.arrayBuffers),
    };
    process.stdout.write(`${JSON.stringify({ eventLoopDelayMs, memoryMb })}\n`);
    delay.reset();
  });
}

main().catch((err) => {
  console.error('Hatari failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
