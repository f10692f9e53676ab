import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type Logger } from 'pino';
import sonicBoom from 'sonic-boom';

/**
 * The fields of an error worth logging. Not all of them: some libraries hang whole objects on their
 * errors (pg puts its client, connection settings and all, on a pool error), which must stay out.
 */
const ERROR_FIELDS = [
  'type',
  'message',
  'stack',
  'code',
  'errno',
  'syscall',
  'severity',
  'routine',
  'reason',
  'statusCode',
];

function serializeError(err: Error): Record<string, unknown> {
  const full = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  return Object.fromEntries(ERROR_FIELDS.filter((k) => full[k] !== undefined).map((k) => [k, full[k]]));
}

/** The path without its query, and without the secret segment of the channels' callback paths. */
const pathOnly = (url: string) =>
  (url.split('?', 1)[0] as string).replace(/^(\/api\/channels\/\w+\/)[^/]*/, '$1[secret]');

/**
 * Structured logs with no client address: requests are logged by method, path and id only
 * (Fastify's default request serializer would add remoteAddress, which we never log). The query
 * string stays out too: it holds a route check's start and end (often someone's home) and what a
 * visitor searched for.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: {
        req: (req: FastifyRequest) => ({ id: req.id, method: req.method, url: pathOnly(req.url) }),
        res: (res: FastifyReply) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    },
    destination,
  );
}

/** What the log may hold unwritten while its reader (the journal, a pipe) is slow; beyond it lines are dropped. */
const LOG_BUFFER_BYTES = 8 * 1024 * 1024;
/** How many busy writes (EAGAIN, 100 ms apart) the flush at exit tries before it gives its lines up. */
const EXIT_WRITE_TRIES = 20;

/**
 * The server's log on its standard output, written without blocking: under load the lines gather
 * while a write is under way and leave in one, and when idle each leaves at once. A line still
 * buffered is written at exit; a process killed outright loses at most what was buffered, and a
 * reader stalled for long costs lines, not memory (LOG_BUFFER_BYTES). Written line by line, as
 * pino's default does, the two lines of each request took 13 to 30 % of a cached read's rate
 * (bench/NOTES.md, "A request's log lines").
 *
 * Its own SonicBoom (version 5) rather than pino.destination's (version 4): at exit version 4 retried
 * a failed write every 100 ms for ever, EPIPE included, so a server whose reader had gone (the parent
 * of `npm start | …` ended, a bench stopped) never exited and held its embedded data folder. Here a
 * reader gone ends the writing, and the flush at exit gives up after EXIT_WRITE_TRIES busy writes.
 */
export function stdoutLog(): pino.DestinationStream {
  let exiting = false;
  let busyAtExit = 0;
  const dest = new sonicBoom.SonicBoom({
    fd: 1,
    sync: false,
    maxLength: LOG_BUFFER_BYTES,
    // A slow reader is waited for while the server runs; at exit, for a while.
    retryEAGAIN: () => !exiting || ++busyAtExit <= EXIT_WRITE_TRIES,
  });
  let gone = false;
  // The reader has gone or the write failed: the lines are dropped from then on (an error not
  // listened for would end the process).
  dest.on('error', () => {
    gone = true;
  });
  process.once('exit', () => {
    exiting = true;
    if (gone) return;
    try {
      dest.flushSync();
    } catch {
      // Lost: the lines still buffered, not the exit.
    }
  });
  return { write: (line: string) => gone || dest.write(line) };
}

/**
 * One line per request, as its answer leaves, with what Fastify's two lines held (its id, method,
 * path, status and time): Fastify's other lines (errors, 404s, a closing server's 503s) as they are.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
