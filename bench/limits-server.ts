/**
 * The server side of `npm run bench:limits`, run as its own process: one small route counted by the
 * rate limiter and the same route uncounted, on the store named by the environment.
 * Prints its port on stdout when listening.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { loadConfig } from '../server/src/config.ts';
import { migrate } from '../server/src/db/migrate.ts';
import { openDatabase } from '../server/src/db/open.ts';
import { createRateLimiter } from '../server/src/deps.ts';
import { createLogger } from '../server/src/http/logger.ts';
import { DeviceCredentials } from '../server/src/identity/device-credential.ts';
import { createIdentify } from '../server/src/identity/identify.ts';
import { POLICIES } from '../server/src/limits/policies.ts';
import { RateLimiter } from '../server/src/limits/rate-limit.ts';
import { registerRateLimits } from '../server/src/limits/rate-limit-http.ts';

const config = loadConfig({ ...process.env, SEED: '0' });
const log = createLogger('warn');
const db = await openDatabase(config, log);
await migrate(db);
const real = await createRateLimiter(config, db, log);
await real.counters.ready(2000);
// The work per request is the same whatever the limit; a huge one keeps the run from being refused.
const limiter = new RateLimiter(real.counters, { ...POLICIES, read: { ...POLICIES.read, limit: 1e9 } });

const app = Fastify({ logger: false });
registerRateLimits(
  app,
  limiter,
  createIdentify({
    salt: randomBytes(16).toString('hex'),
    devices: new DeviceCredentials('test-device-key'),
    trustProxy: false,
    clientIpHeader: undefined,
  }),
  async () => false,
);
const body = { ok: true, spots: [] };
app.get('/limited', { config: { rateLimit: ['read'] } }, async () => body);
app.get('/unlimited', async () => body);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(
  JSON.stringify({
    port: typeof address === 'object' && address ? address.port : 0,
    store: real.counters.state,
  }),
);

process.on('SIGTERM', async () => {
  await app.close();
  await real.counters.close();
  await db.close();
  process.exit(0);
});
