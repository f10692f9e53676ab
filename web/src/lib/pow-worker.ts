/**
 * Solves a device credential's challenge (GET /api/device/challenge) off the page's thread, so the
 * map loads and answers while it works (about half a second on a mid-range phone; more while the
 * site is flooded with new devices). Built on its own (web/build.ts) and started by device.ts.
 */
import { solveChallenge } from 'altcha-lib/v1';

interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
}

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<Challenge>) => void) | null;
  postMessage(message: string | null): void;
};

scope.onmessage = async ({ data: c }) => {
  const found = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise.catch(() => null);
  scope.postMessage(
    found
      ? btoa(
          JSON.stringify({
            algorithm: c.algorithm,
            challenge: c.challenge,
            number: found.number,
            salt: c.salt,
            signature: c.signature,
          }),
        )
      : null,
  );
};
