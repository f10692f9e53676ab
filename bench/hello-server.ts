/**
 * The yardstick of `npm run bench`: a bare Fastify hello-world, in its own process. `/bytes/:n`
 * answers n bytes, brotli-labelled like a cached answer of Hatari's (made once, kept): the most a
 * Fastify server gives for an answer of that size here, beside which a cached read's own work shows.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const bodies = new Map<number, Buffer>();
app.get<{ Params: { n: string } }>('/bytes/:n', (request, reply) => {
  const n = Math.min(Number(request.params.n) || 0, 1 << 20);
  const body = bodies.get(n) ?? randomBytes(n);
  bodies.set(n, body);
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-encoding', 'br')
    .header('vary', 'accept-encoding')
    .send(body);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
