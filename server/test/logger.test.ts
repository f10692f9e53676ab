import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger } from '../src/http/logger.ts';
import { LogCapture } from './helpers.ts';

describe('the logger', () => {
  it('logs an error by its message, code and stack, never the objects a library hangs on it', () => {
    const logs = new LogCapture();
    const err = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
      severity: 'FATAL',
      // What pg puts on a pool error: the client, with its connection settings.
      client: { connectionParameters: { host: '10.0.0.5', user: 'hatari', password: 's3cret-password' } },
    });
    createLogger('info', logs).error({ err }, 'database connection lost');
    const line = JSON.parse(logs.text) as { err: Record<string, unknown> };
    assert.equal(line.err.message, 'terminating connection due to administrator command');
    assert.equal(line.err.code, '57P01');
    assert.equal(line.err.severity, 'FATAL');
    assert.match(String(line.err.stack), /administrator command/);
    assert.doesNotMatch(logs.text, /s3cret-password|10\.0\.0\.5|connectionParameters/);
  });
});
