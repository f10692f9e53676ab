/**
 * Solves a server's proof-of-work challenge (GET /api/device/challenge, or a sign-in's) off the page's
 * thread, so the map loads and answers while it works. SHA-256 from @noble/hashes, synchronous: a
 * WebCrypto digest per number costs a promise each, several times slower on a phone for these tiny
 * inputs. Built on its own (web/build.ts) and started by pow.ts.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';

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

/** The number in 0..maxnumber whose SHA-256 of salt + number is the challenge, if any. */
function solve(c: Challenge): number | undefined {
  const target = hexToBytes(c.challenge);
  const encoder = new TextEncoder();
  for (let number = 0; number <= c.maxnumber; number++) {
    const digest = sha256(encoder.encode(`${c.salt}${number}`));
    let same = true;
    for (let i = 0; i < 32 && same; i++) same = digest[i] === target[i];
    if (same) return number;
  }
  return undefined;
}

scope.onmessage = ({ data: c }) => {
  const number = c.algorithm === 'SHA-256' ? solve(c) : undefined;
  const { algorithm, challenge, salt, signature } = c;
  scope.postMessage(
    number === undefined ? null : btoa(JSON.stringify({ algorithm, challenge, number, salt, signature })),
  );
};
