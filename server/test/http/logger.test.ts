import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLogger } from '../../src/http/logger.ts';
import { LogCapture, startTestApp } from '../test-app.ts';

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

  it("logs a request by its path: a route check's start and end and a search stay out", async () => {
    const t = await startTestApp();
    try {
      await t.inject({ method: 'GET', url: '/api/route?from=0.31234,32.56789&to=0.34567,32.59876' });
      await t.inject({ method: 'GET', url: '/api/search?q=my%20aunt%20in%20Ntinda&places=0' });
      assert.match(t.logs.text, /"url":"\/api\/route"/);
      assert.match(t.logs.text, /"url":"\/api\/search"/);
      assert.doesNotMatch(t.logs.text, /0\.31234|32\.59876|aunt|Ntinda/);
    } finally {
      await t.close();
    }
  });
});
