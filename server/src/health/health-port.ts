import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Health } from './health.service.ts';

/** What the health thread starts with: where to listen, and the first check. */
export interface HealthThreadData {
  host: string;
  port: number;
  health: Health;
}
/** To the thread: a beat of the server's thread, with a new check when one was made. */
export interface ToHealthThread {
  health?: Health;
}
export type FromHealthThread = { listening: number } | { failed: string };

/** The thread's module, beside this one: TypeScript in the sources, JavaScript in the built server. */
const THREAD = new URL(
  import.meta.url.endsWith('.ts') ? './health-thread.ts' : './health-thread.js',
  import.meta.url,
);

interface Timing {
  /** How often the server's thread tells the health thread it turns. */
  beatMs: number;
  /** How often it checks its health (a database ping on the check's own connection) and sends it. */
  checkMs: number;
}

/**
 * Health on a port of its own (HEALTH_PORT), answered by a thread of its own. On the main port a
 * probe's new connection waits its turn behind the load's: at 1,000,000 spots under the bench's
 * 100 connections, /api/health and /api/live (which asks nothing of the database) answered at p99
 * 60–270 ms (bench/NOTES.md). Here the thread answers from the check the server's thread made
 * at most `checkMs` ago, and says 503 when that thread has not beaten for STALE_MS
 * (health-answer.ts): the answer stays the truth about the server, only faster.
 */
export class HealthPort {
  readonly port: number;
  private readonly worker: Worker;
  private beatTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(worker: Worker, port: number) {
    this.worker = worker;
    this.port = port;
  }

  /** Starts the thread on `host`:`port` (0: any free port) once the first check is made. */
  static async open(
    host: string,
    port: number,
    check: () => Promise<Health>,
    log: FastifyBaseLogger,
    { beatMs, checkMs }: Timing = { beatMs: 250, checkMs: 1000 },
  ): Promise<HealthPort> {
    const data: HealthThreadData = { host, port, health: await check() };
    const worker = new Worker(THREAD, {
      workerData: data,
      // Its start takes more than 4 MB of old generation; 16 leaves room (the RSS is the same). The
      // server's own Node options (its heap limit) are not its.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 1 },
    });
    const listening = await new Promise<number>((resolve, reject) => {
      worker.once('message', (m: FromHealthThread) =>
        'listening' in m ? resolve(m.listening) : reject(new Error(`HEALTH_PORT ${port}: ${m.failed}`)),
      );
      worker.once('error', reject);
    }).catch(async (err) => {
      await worker.terminate();
      throw err;
    });
    worker.on('error', (err) => log.error({ err }, 'the health port stopped'));
    const healthPort = new HealthPort(worker, listening);
    healthPort.beat(beatMs);
    healthPort.checkEvery(checkMs, check, log);
    log.info({ port: listening }, 'health checks also answered on their own port');
    return healthPort;
  }

  private beat(ms: number) {
    this.beatTimer = setInterval(() => this.worker.postMessage({} satisfies ToHealthThread), ms).unref();
  }

  /** One check at a time: the next starts `ms` after the last was sent. */
  private checkEvery(ms: number, check: () => Promise<Health>, log: FastifyBaseLogger) {
    const next = () => {
      this.checkTimer = setTimeout(async () => {
        try {
          const health = await check();
          if (!this.closed) this.worker.postMessage({ health } satisfies ToHealthThread);
        } catch (err) {
          log.error({ err }, 'health check failed');
        }
        if (!this.closed) next();
      }, ms).unref();
    };
    next();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.beatTimer);
    clearTimeout(this.checkTimer);
    await this.worker.terminate();
  }
}
