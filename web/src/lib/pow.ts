/**
 * Solves a server's proof-of-work challenge (an ALTCHA challenge: a new device credential, or a
 * sign-in the account asks work for) in a Web Worker, off the page's thread: the payload the server
 * takes as `altcha`, or undefined when it could not be solved here.
 */

/** The worker's file, named by the build (web/build.ts). */
declare const __POW_WORKER_URL__: string;

export function solveInWorker(challenge: unknown): Promise<string | undefined> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(__POW_WORKER_URL__);
    } catch {
      return resolve(undefined);
    }
    const done = (payload: string | undefined) => {
      worker.terminate();
      resolve(payload);
    };
    worker.onmessage = (e: MessageEvent<string | null>) => done(e.data ?? undefined);
    worker.onerror = () => done(undefined);
    worker.postMessage(challenge);
  });
}
