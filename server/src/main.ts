import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createDeps } from './deps.ts';
import { createLogger } from './http/logger.ts';

/** Requests in flight get this long to finish at shutdown; then their connections are closed. */
const SHUTDOWN_DRAIN_MS = 10_000;

async function main() {
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
  const log = createLogger(config.logLevel);
  log.info({ storage: config.databaseUrl ? 'postgres' : `embedded (${config.dataDir})` }, 'starting Hatari');
  const deps = await createDeps(config, log);
  const app = await buildApp(deps);
  await app.listen({ port: config.port, host: config.host });

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
    await deps.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('Hatari failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
