import type { FastifyReply } from 'fastify';
import vary from 'vary';

/** Adds `field` to the answer's `Vary`, keeping what is there (`Origin` where partners are set). */
export function addVary(reply: FastifyReply, field: string): FastifyReply {
  const current = reply.getHeader('vary');
  return reply.header('vary', vary.append(typeof current === 'string' ? current : '', field));
}
