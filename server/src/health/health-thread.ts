/**
 * The health port's thread (health-port.ts starts it): answers /api/health and /api/live from the
 * last check the server's thread sent, whatever load that thread is under.
 */
import { createServer } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';
import { OUTAGE_RETRY_AFTER_S } from '../http/outage.ts';
import { healthAnswer } from './health-answer.ts';
import type { FromHealthThread, HealthThreadData, ToHealthThread } from './health-port.ts';

/** Probes at once: a monitor, a supervisor and a load balancer or two need a handful. */
const MAX_CONNECTIONS = 32;

const { host, port, health } = workerData as HealthThreadData;
const parent = parentPort as NonNullable<typeof parentPort>;
const tell = (m: FromHealthThread) => parent.postMessage(m);
let last = health;
let beatAt = performance.now();
parent.on('message', (m: ToHealthThread) => {
  beatAt = performance.now();
  if (m.health) last = m.health;
});

const server = createServer((request, response) => {
  const answer = healthAnswer(request.method ?? 'GET', request.url ?? '/', last, performance.now() - beatAt);
  response.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(answer.body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(answer.status === 503 && { 'retry-after': String(OUTAGE_RETRY_AFTER_S) }),
    ...(answer.status === 405 && { allow: 'GET, HEAD' }),
  });
  response.end(request.method === 'HEAD' ? undefined : answer.body);
});
server.maxConnections = MAX_CONNECTIONS;
server.headersTimeout = 5000;
server.requestTimeout = 5000;
server.on('error', (err) => tell({ failed: err.message }));
server.listen(port, host, () => {
  const address = server.address();
  tell({ listening: typeof address === 'object' && address ? address.port : port });
});
